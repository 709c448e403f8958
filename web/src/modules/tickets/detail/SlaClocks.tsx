import { Descriptions, Typography } from 'antd';
import { formatTime } from '../../../components/format/time';
import { useTranslate, type Translate } from '../../../i18n';
import type { TicketDetail } from './api';
import { clockState, countdown, type ClockInput } from './clock';
import { elapsedDisplay, elapsedText } from './elapsed';
import { useNow } from './useTicket';

const amount = (t: Translate, minutes: number) => elapsedText(t, elapsedDisplay(minutes));

function Clock({ input, now, testId }: { input: ClockInput; now: number; testId: string }) {
  const t = useTranslate(['tickets']);
  const state = clockState(input, now);
  const due = formatTime(input.due);
  if (state.kind === 'met') {
    return (
      <Typography.Text type={state.breached ? 'danger' : 'success'} data-testid={testId} data-state={state.breached ? 'breached' : 'met'}>
        {state.minutes === null ? t('detail.sla.met') : t('detail.sla.metIn', { amount: amount(t, state.minutes) })}
        {state.breached && ` · ${t('detail.sla.breached')}`}
      </Typography.Text>
    );
  }
  const minutes = Math.abs(state.remainingMs) / 60_000;
  const text = state.overdue ? t('detail.sla.overdue', { amount: amount(t, minutes) }) : t('detail.sla.remaining', { amount: amount(t, minutes) });
  return (
    <Typography.Text type={state.breached ? 'danger' : undefined} data-testid={testId} data-state={state.breached ? 'breached' : 'running'}>
      {text} <Typography.Text code type={state.breached ? 'danger' : undefined}>{state.overdue ? '-' : ''}{countdown(state.remainingMs)}</Typography.Text>
      <Typography.Text type="secondary"> · {t('detail.sla.due', { at: due })}</Typography.Text>
    </Typography.Text>
  );
}

/** SPEC §9: both SLA clocks, ticking every second from the server's deadlines, and the time elapsed so far. */
export function SlaClocks({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const now = useNow();
  const { sla } = ticket;
  const end = sla.resolvedAt ?? ticket.closedAt;
  const elapsedMinutes = ((end ? Date.parse(end) : now) - Date.parse(sla.startedAt)) / 60_000;
  return (
    <Descriptions column={1} size="small" bordered data-testid="ticket-sla">
      <Descriptions.Item label={t('detail.sla.firstResponse')}>
        <Clock
          testId="sla-first-response"
          now={now}
          input={{ due: sla.firstResponseDue, doneAt: sla.firstResponseAt, doneMinutes: sla.firstResponseMinutes, breached: sla.firstResponseBreached }}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.sla.resolve')}>
        <Clock
          testId="sla-resolve"
          now={now}
          input={{ due: sla.resolveDue, doneAt: sla.resolvedAt, doneMinutes: sla.resolvedInMinutes, breached: sla.resolveBreached }}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.sla.elapsed')}>
        {amount(t, elapsedMinutes)}{' '}
        <Typography.Text type="secondary">({t(sla.inWorkTime ? 'detail.sla.workTime' : 'detail.sla.offHours')})</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
