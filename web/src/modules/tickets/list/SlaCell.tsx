import { Tag } from 'antd';
import { useTranslate, type Translate } from '../../../i18n';
import type { TicketRow } from '../api';
import { slaState } from './sla';
import { elapsedText } from '../detail/elapsed';

/** The SLA column as words: on time, due in X, breached (X overdue). */
export function slaText(row: TicketRow, t: Translate): string {
  const state = slaState(row);
  if (state.kind === 'onTime') return t('sla.onTime');
  if (state.kind === 'due' || state.kind === 'soon') return t('sla.dueIn', { time: elapsedText(t, state.in) });
  return state.overdue ? t('sla.overdue', { time: elapsedText(t, state.overdue) }) : t('sla.breached');
}

/** Amber (warning) for a deadline within the next 30 minutes. */
const COLORS = { onTime: 'success', due: 'processing', soon: 'warning', breached: 'error' } as const;

export function SlaCell({ row }: { row: TicketRow }) {
  const t = useTranslate(['tickets']);
  const { kind } = slaState(row);
  return (
    <Tag color={COLORS[kind]} data-sla={kind}>
      {slaText(row, t)}
    </Tag>
  );
}
