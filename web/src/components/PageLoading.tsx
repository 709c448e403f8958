import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page or route loading. A ring drawn by CSS (app/global.css, .page-loading-ring) rather than Ant Design's Spin,
 * whose code every first screen would otherwise carry.
 */
export function PageLoading() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}
    >
      <span className="page-loading-ring" style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }} />
    </div>
  );
}
