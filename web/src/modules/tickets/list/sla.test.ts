import { describe, expect, it } from 'vitest';
import type { TicketRow } from '../api';
import { slaState } from './sla';

type Sla = TicketRow['sla'];

const clocks = (firstResponse: number | null, resolve: number | null, breached = false) =>
  ({ firstResponseRemainingMinutes: firstResponse, resolveRemainingMinutes: resolve, breached }) as Sla;

describe('SLA column: on time, due in X, breached (SPEC §9 elapsed display)', () => {
  it('is due in the time left on the nearer running clock, in minutes up to 300 minutes', () => {
    expect(slaState({ state: 'NEW', sla: clocks(45, 2800) })).toEqual({ kind: 'due', in: { value: 45, unit: 'minutes' } });
  });

  it('is due soon (amber) when the nearer running clock has 30 minutes or less left', () => {
    expect(slaState({ state: 'NEW', sla: clocks(30, 2800) })).toEqual({ kind: 'soon', in: { value: 30, unit: 'minutes' } });
    expect(slaState({ state: 'WORK_IN_PROCESS', sla: clocks(null, 0) })).toEqual({ kind: 'soon', in: { value: 0, unit: 'minutes' } });
    expect(slaState({ state: 'NEW', sla: clocks(31, 2800) })).toEqual({ kind: 'due', in: { value: 31, unit: 'minutes' } });
    expect(slaState({ state: 'CLOSED', sla: clocks(null, 10) })).toEqual({ kind: 'onTime' });
  });

  it('shows hours under 4320 minutes and days beyond', () => {
    expect(slaState({ state: 'WORK_IN_PROCESS', sla: clocks(null, 719) })).toEqual({ kind: 'due', in: { value: 11, unit: 'hours' } });
    expect(slaState({ state: 'WORK_IN_PROCESS', sla: clocks(null, 5000) })).toEqual({ kind: 'due', in: { value: 3, unit: 'days' } });
  });

  it('is breached when the flow marked it, with the time overdue while a clock still runs', () => {
    expect(slaState({ state: 'NEW', sla: clocks(-20, 100, true) })).toEqual({ kind: 'breached', overdue: { value: 20, unit: 'minutes' } });
    expect(slaState({ state: 'RESOLVED', sla: clocks(null, null, true) })).toEqual({ kind: 'breached' });
  });

  it('counts a deadline already past as breached before the flow marks it', () => {
    expect(slaState({ state: 'NEW', sla: clocks(-1, 100) })).toEqual({ kind: 'breached', overdue: { value: 1, unit: 'minutes' } });
  });

  it('is on time once both clocks are met, and for closed, declined or merged tickets', () => {
    expect(slaState({ state: 'PENDING_FOR_CONFIRMATION', sla: clocks(null, null) })).toEqual({ kind: 'onTime' });
    expect(slaState({ state: 'MERGED', sla: clocks(-500, -500) })).toEqual({ kind: 'onTime' });
    expect(slaState({ state: 'CLOSED', sla: clocks(null, -10) })).toEqual({ kind: 'onTime' });
  });
});
