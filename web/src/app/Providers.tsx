import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, useAntdLocale } from '../i18n';
import { SCROLL_TO_ERROR } from '../components/resource/fieldErrors';
import { useSettings } from './settings';
import { themeWith } from './theme';
import { useMediaQuery } from './useMediaQuery';

// Every form brings its first error into view when a save is refused, in the browser or by the server
// (components/resource/fieldErrors.ts): in a long dialog or page a save never seems to do nothing.
const FORMS = { scrollToFirstError: SCROLL_TO_ERROR };

/** What every page needs: texts, Ant Design's locale and theme (also for dialogs and notices opened outside the tree), the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const locale = useAntdLocale();
  const { themeColor } = useSettings();
  // Accessibility: a system set to reduce motion gets no sliding, zooming or fading.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(() => themeWith(themeColor, !reducedMotion), [themeColor, reducedMotion]);
  useEffect(() => {
    // Dialogs, messages and failure notices opened outside React's tree (confirm, toast, notifyFailure) follow the theme and language too.
    ConfigProvider.config({ holderRender: (node) => <ConfigProvider locale={locale} theme={theme} form={FORMS}>{node}</ConfigProvider> });
  }, [locale, theme]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale} theme={theme} form={FORMS}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
