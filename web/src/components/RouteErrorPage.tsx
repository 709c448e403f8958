import { Button, Flex, theme } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load or render, most often a chunk gone after a new deployment. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '15vh 24px', textAlign: 'center' }}>
      <h2 style={{ margin: 0, color: token.colorText }}>{t('errors.routeFailed')}</h2>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('errors.routeFailedText')}</p>
      {error instanceof Error && <code>{error.message}</code>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Flex>
  );
}
