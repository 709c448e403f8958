import type { TicketRow } from '../api';
import { elapsedDisplay, type Elapsed } from '../detail/elapsed';

/** What the SLA column says of a ticket. */
export type SlaState =
  | { kind: 'onTime' }
  | { kind: 'due'; in: Elapsed }
  | { kind: 'soon'; in: Elapsed }
  | { kind: 'breached'; overdue?: Elapsed };

/** A running clock with this many minutes or fewer left shows amber: act now, it is about to breach. */
export const SOON_MINUTES = 30;

/** States whose clocks no longer run, whatever is left of them. */
const FINAL_STATES = new Set(['CLOSED', 'WONT_FIX', 'MERGED']);

/**
 * The SLA of a list row at a glance: breached (and by how much, while a clock still runs), due in
 * the time left on the nearer running clock (soon: within 30 minutes), or on time once both clocks are met. A deadline
 * already past counts as breached even before the flow has marked it.
 */
export function slaState(row: Pick<TicketRow, 'sla' | 'state'>): SlaState {
  const { sla } = row;
  const running = FINAL_STATES.has(row.state)
    ? []
    : [sla.firstResponseRemainingMinutes, sla.resolveRemainingMinutes].filter((left): left is number => left !== null);
  const nearest = running.length ? Math.min(...running) : undefined;
  if (nearest !== undefined && nearest < 0) return { kind: 'breached', overdue: elapsedDisplay(-nearest) };
  if (sla.breached) return { kind: 'breached' };
  if (nearest !== undefined) return { kind: nearest <= SOON_MINUTES ? 'soon' : 'due', in: elapsedDisplay(nearest) };
  return { kind: 'onTime' };
}
