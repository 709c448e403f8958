import type { TicketAction } from './api';
/** What the user is asked before an action is sent. */
export type ActionInput = 'none' | 'reason' | 'solution' | 'target' | 'level' | 'person' | 'edit';

export interface ActionSpec {
  /** As the server names it in `allowedActions`. */
  action: string;
  /** `POST ticket/{id}/<path>` */
  path: TicketAction;
  /** The button's permission (docs/tickets.md). */
  permission: string;
  input: ActionInput;
  danger?: boolean;
}

/** The action buttons, in the order a ticket usually goes through them. Watch, unwatch and comment live elsewhere. */
export const ACTIONS: readonly ActionSpec[] = [
  { action: 'CLAIM', path: 'claim', permission: 'ticket#claim', input: 'none' },
  { action: 'START_PROCESSING', path: 'start', permission: 'ticket#start', input: 'none' },
  { action: 'HOLD', path: 'hold', permission: 'ticket#hold', input: 'reason' },
  { action: 'COMPLETE', path: 'complete', permission: 'ticket#complete', input: 'solution' },
  { action: 'APPROVE', path: 'approve', permission: 'ticket#approve', input: 'none' },
  { action: 'UNCONFIRM', path: 'unconfirm', permission: 'ticket#unconfirm', input: 'reason' },
  { action: 'CONFIRM', path: 'confirm', permission: 'ticket#confirm', input: 'none' },
  { action: 'WONT_FIX', path: 'wont-fix', permission: 'ticket#wont-fix', input: 'reason', danger: true },
  { action: 'REOPEN', path: 'reopen', permission: 'ticket#reopen', input: 'reason' },
  { action: 'MERGE', path: 'merge', permission: 'ticket#merge', input: 'target' },
  { action: 'UNMERGE', path: 'unmerge', permission: 'ticket#unmerge', input: 'reason' },
  { action: 'REMIND', path: 'remind', permission: 'ticket#remind', input: 'reason' },
  { action: 'CHANGE_PRIORITY', path: 'priority', permission: 'ticket#priority', input: 'level' },
  { action: 'ASSIGN', path: 'assign', permission: 'ticket#assign', input: 'person' },
  { action: 'EDIT', path: 'modify', permission: 'ticket#edit', input: 'edit' },
];

export const WATCH: ActionSpec = { action: 'WATCH', path: 'watch', permission: 'ticket#watch', input: 'none' };
export const UNWATCH: ActionSpec = { action: 'UNWATCH', path: 'unwatch', permission: 'ticket#watch', input: 'none' };
export const COMMENT: ActionSpec = { action: 'COMMENT', path: 'comment', permission: 'ticket#comment', input: 'none' };

/** The server must list the action for this ticket and the user must hold its button; a starting flow takes none. */
export function isOffered(
  spec: ActionSpec,
  ticket: { allowedActions: readonly string[]; flowPending: boolean },
  can: (permission: string) => boolean,
): boolean {
  return !ticket.flowPending && ticket.allowedActions.includes(spec.action) && can(spec.permission);
}

export function offeredActions(
  ticket: { allowedActions: readonly string[]; flowPending: boolean },
  can: (permission: string) => boolean,
): ActionSpec[] {
  return ACTIONS.filter((spec) => isOffered(spec, ticket, can));
}
