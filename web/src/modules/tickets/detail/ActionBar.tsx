import { useState } from 'react';
import { Button, Space } from 'antd';
import { useCan } from '../../../app/access/can';
import { toast } from '../../../components/feedback';
import { useTranslate } from '../../../i18n';
import { offeredActions, type ActionSpec } from './actions';
import { ActionDialog } from './ActionDialog';
import type { ActionBody, TicketDetail } from './api';
import { useTicketAction } from './useTicket';

/** The actions the server allows now and the user holds the button for; some ask for input first. */
export function ActionBar({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const can = useCan();
  const act = useTicketAction(ticket.id);
  const [asking, setAsking] = useState<ActionSpec>();
  const offered = offeredActions(ticket, can);

  const run = (spec: ActionSpec, body?: ActionBody) =>
    act.mutateAsync({ spec, body }).then(() => toast.success(t('detail.done', { action: t(`detail.actions.${spec.action}`) })));

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
      {asking && (
        <ActionDialog spec={asking} ticket={ticket} pending={act.isPending} onSubmit={(body) => run(asking, body)} onClose={() => setAsking(undefined)} />
      )}
    </>
  );
}
