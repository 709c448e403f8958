import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, notification } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, useAntdLocale } from '../i18n';
import { setNotifier } from '../api/notifier';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

/** Lets the HTTP client show notifications that follow the app's theme and locale. */
function NotificationHolder() {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    setNotifier(api);
    return () => setNotifier(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const locale = useAntdLocale();
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale} theme={theme}>
        <NotificationHolder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
