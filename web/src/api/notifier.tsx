import { Button, notification } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { i18n } from '../i18n';
import type { ApiError } from './ApiError';

type Notifier = Pick<NotificationInstance, 'error' | 'destroy'>;

/** The static API works anywhere; the app swaps in the context-aware one (theme, locale) once mounted. */
let notifier: Notifier = notification;

export function setNotifier(api: Notifier | null): void {
  notifier = api ?? notification;
}

/** Closes the failures shown so far (a successful login makes the failed attempt's notice stale). */
export function clearFailures(): void {
  notifier.destroy();
}

/** Staff quote the transaction id to support, so it is shown in full with a copy button. */
export function notifyFailure(error: ApiError): void {
  notifier.error({
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
