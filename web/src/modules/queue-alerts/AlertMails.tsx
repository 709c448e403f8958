import type { components } from '../../api/schema';
import { useTranslate } from '../../i18n';

type Mail = components['schemas']['QueueAlertMailPublic'];

/** An alert's mails: to whom, and whether each was sent, skipped (with why: no retry mends it) or is still to go. */
export function AlertMails({ mails }: { mails: readonly Mail[] }) {
  const t = useTranslate(['queue-alerts']);
  return (
    <>
      {mails.map((mail) => (
        <div key={`${mail.kind} ${mail.recipient}`}>
          {mail.recipient}: {mail.skipped ? t('mailSkipped', { reason: mail.skipped }) : t(mail.sentAt ? 'mailSent' : 'mailPending')}
        </div>
      ))}
    </>
  );
}
