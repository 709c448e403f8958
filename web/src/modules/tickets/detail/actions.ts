import type { TicketAction } from './api';
import type { Permission } from '../../../app/access/can';
import { permissionOf } from '../../../app/access/operations';

/** What the user is asked before an action is sent. */
export type ActionInput = 'none' | 'reason' | 'solution' | 'target' | 'level' | 'person' | 'edit';

export interface ActionSpec {
  /** As the server names it in `allowedActions`. */
  action: string;
  /** `POST ticket/{id}/<path>` */
  path: TicketAction;
  /** The button's permission: its operation's, as the schema publishes it (docs/tickets.md). */
  permission: Permission;
  input: ActionInput;
  danger?: boolean;
}

type Declared = Omit<ActionSpec, 'permission'>;
const withPermission = (spec: Declared): ActionSpec => ({ ...spec, permission: permissionOf(`POST /cms/ticket/{ticket_id}/${spec.path}`) });

/** The action buttons, in the order a ticket usually goes through them. Watch, unwatch and comment live elsewhere. */
export const ACTIONS: readonly ActionSpec[] = (
  [
    { action: 'CLAIM', path: 'claim', input: 'none' },
    { action: 'START_PROCESSING', path: 'start', input: 'none' },
    { action: 'HOLD', path: 'hold', input: 'reason' },
    { action: 'COMPLETE', path: 'complete', input: 'solution' },
    { action: 'APPROVE', path: 'approve', input: 'none' },
    { action: 'UNCONFIRM', path: 'unconfirm', input: 'reason' },
    { action: 'CONFIRM', path: 'confirm', input: 'none' },
    { action: 'WONT_FIX', path: 'wont-fix', input: 'reason', danger: true },
    { action: 'REOPEN', path: 'reopen', input: 'reason' },
    { action: 'MERGE', path: 'merge', input: 'target' },
    { action: 'UNMERGE', path: 'unmerge', input: 'reason' },
    { action: 'REMIND', path: 'remind', input: 'reason' },
    { action: 'CHANGE_PRIORITY', path: 'priority', input: 'level' },
    { action: 'ASSIGN', path: 'assign', input: 'person' },
    { action: 'EDIT', path: 'modify', input: 'edit' },
  ] satisfies Declared[]
).map(withPermission);

export const WATCH = withPermission({ action: 'WATCH', path: 'watch', input: 'none' });
export const UNWATCH = withPermission({ action: 'UNWATCH', path: 'unwatch', input: 'none' });
export const COMMENT = withPermission({ action: 'COMMENT', path: 'comment', input: 'none' });

/** The server must list the action for this ticket and the user must hold its button; a starting flow takes none. */
export function isOffered(
  spec: ActionSpec,
  ticket: { allowedActions: readonly string[]; flowPending: boolean },
  can: (permission: Permission) => boolean,
): boolean {
  return !ticket.flowPending && ticket.allowedActions.includes(spec.action) && can(spec.permission);
}

export function offeredActions(
  ticket: { allowedActions: readonly string[]; flowPending: boolean },
  can: (permission: Permission) => boolean,
): ActionSpec[] {
  return ACTIONS.filter((spec) => isOffered(spec, ticket, can));
}
