import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, notification } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, useAntdLocale } from '../i18n';
import { setNotifier } from '../api/notifier';
import { useSettings } from './settings';
import { themeWith } from './theme';
import { useMediaQuery } from './useMediaQuery';

/** Lets the HTTP client show notifications that follow the app's theme and locale. */
function NotificationHolder() {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    setNotifier(api);
    return () => setNotifier(null);
  }, [api]);
  return holder;
}

/** What every page needs: texts, Ant Design's locale and theme, notifications, the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const locale = useAntdLocale();
  const { themeColor } = useSettings();
  // Accessibility: a system set to reduce motion gets no sliding, zooming or fading.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(() => themeWith(themeColor, !reducedMotion), [themeColor, reducedMotion]);
  useEffect(() => {
    // Dialogs and messages opened outside React's tree (confirm, toast) follow the theme and language too.
    ConfigProvider.config({ holderRender: (node) => <ConfigProvider locale={locale} theme={theme}>{node}</ConfigProvider> });
  }, [locale, theme]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale} theme={theme}>
        <NotificationHolder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
