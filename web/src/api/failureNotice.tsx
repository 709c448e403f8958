import { Button } from 'antd';
import notification from 'antd/es/notification';
import { CopyOutlined } from '@ant-design/icons';
import { i18n } from '../i18n';
import type { ApiError } from './ApiError';

/**
 * The failure notice itself, loaded with Ant Design's notification code on the first failure (api/notifier.ts).
 * The static API follows the app's theme and language through ConfigProvider.config (app/Providers.tsx).
 */
export function closeAll(): void {
  notification.destroy();
}

/** Staff quote the transaction id to support, so it is shown in full with a copy button. */
export function showFailure(error: ApiError): void {
  notification.error({
    title: error.message || i18n.t('http.failed'),
    description: (
      <div data-testid="api-error">
        <div>
          {i18n.t('http.path')}: <code>{error.path}</code>
        </div>
        {error.transactionId && (
          <div>
            {i18n.t('http.transactionId')}: <code>{error.transactionId}</code>
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              aria-label={i18n.t('common.copy')}
              onClick={() => void import('../components/copy').then(({ copyText }) => copyText(error.transactionId))}
            />
          </div>
        )}
      </div>
    ),
    duration: 8,
  });
}
