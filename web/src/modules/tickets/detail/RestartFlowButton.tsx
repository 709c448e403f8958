import { PlayCircleOutlined } from '@ant-design/icons';
import { useCan } from '../../../app/access/can';
import { ConfirmButton } from '../../../components/ConfirmAction';
import { toast } from '../../../components/feedback';
import { useTranslate } from '../../../i18n';
import { OPEN_STATUSES, ticketDetailApi, type TicketDetail } from './api';

/**
 * Starts again the flow of an open ticket that was ended from outside (terminated in the Temporal Web UI), asked
 * first: its SLA clocks keep their deadlines. The server refuses it while the flow runs, and says so.
 */
export function RestartFlowButton({ ticket, reload }: { ticket: TicketDetail; reload: () => void }) {
  const t = useTranslate(['tickets']);
  const can = useCan();
  const open = OPEN_STATUSES.includes(ticket.status) && ticket.mergedIntoId == null;
  if (!open || !can('ticket#restart-flow')) return null;
  return (
    <ConfirmButton
      icon={<PlayCircleOutlined aria-hidden />}
      question={`${t('detail.restartFlow.confirm', { id: ticket.id })} ${t('detail.restartFlow.hint')}`}
      facts={[{ label: t('ticket.entity'), value: `#${ticket.id} ${ticket.title}` }]}
      onConfirm={async () => {
        await ticketDetailApi.act(ticket.id, 'restart-flow');
        toast.success(t('detail.restartFlow.done'));
        reload();
      }}
    >
      {t('detail.restartFlow.label')}
    </ConfirmButton>
  );
}
