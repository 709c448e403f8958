import { useState } from 'react';
import { Button, Space } from 'antd';
import { useCan } from '../../../app/access/can';
import { toast } from '../../../components/feedback';
import { useTranslate } from '../../../i18n';
import { offeredActions, type ActionSpec } from './actions';
import { ActionDialog } from './ActionDialog';
import type { ActionBody, TicketDetail } from './api';
import { EditTicketDialog } from './EditTicketDialog';
import { useTicketAction } from './useTicket';

/** Whom the last reminder reached, as the server wrote it in the history. */
export function reachedBy(ticket: TicketDetail, action: string): string | undefined {
  const last = ticket.history[ticket.history.length - 1];
  return last?.action === action && typeof last.detail.reached === 'string' ? last.detail.reached : undefined;
}

/** The actions the server allows now and the user holds the button for; some ask for input first. */
export function ActionBar({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const can = useCan();
  const act = useTicketAction(ticket.id);
  const [asking, setAsking] = useState<ActionSpec>();
  const offered = offeredActions(ticket, can);

  const run = (spec: ActionSpec, body?: ActionBody, quiet = false) =>
    act.mutateAsync({ spec, body, quiet }).then((updated) => {
      const reached = reachedBy(updated, spec.action);
      toast.success(reached ? t(`detail.reached.${spec.action}`, { people: reached }) : t('detail.done', { action: t(`detail.actions.${spec.action}`) }));
    });
  const close = () => setAsking(undefined);

  if (!offered.length) return null;
  return (
    <>
      <Space wrap data-testid="ticket-actions">
        {offered.map((spec) => (
          <Button
            key={spec.action}
            danger={spec.danger}
            loading={act.isPending && act.variables?.spec === spec}
            disabled={act.isPending}
            onClick={() => (spec.input === 'none' ? run(spec, {}).catch(() => undefined) : setAsking(spec))}
          >
            {t(`detail.actions.${spec.action}`)}
          </Button>
        ))}
      </Space>
      {asking?.input === 'edit' && <EditTicketDialog ticket={ticket} pending={act.isPending} onSubmit={(body) => run(asking, body, true)} onClose={close} />}
      {asking && asking.input !== 'edit' && (
        <ActionDialog spec={asking} ticket={ticket} pending={act.isPending} onSubmit={(body) => run(asking, body, true)} onClose={close} />
      )}
    </>
  );
}
