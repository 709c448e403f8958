/**
 * Which actions an order offers, as the server decides them (domain/rules/stock_orders.py); the server checks
 * again and refuses with a translated reason, so these only keep buttons off rows they cannot apply to.
 */
export interface OrderLike {
  direction: string;
  status: string;
  pushStatus?: string;
  workingStatus?: string | null;
  lines: { planned: number; done: number }[];
}

const OPEN = new Set(['CREATE', 'PENDING', 'PART_COMPLETE']);
const AWAITING = new Set(['CREATE', 'PENDING']);

export const isInbound = (order: OrderLike) => order.direction === 'INBOUND';
export const isOpen = (order: OrderLike) => OPEN.has(order.status);

/** Receive (inbound) or ship (outbound): while something remains. */
export const canProgress = (order: OrderLike) => isOpen(order);

/** Cancel (inbound) or void (outbound): not once completed or already cancelled. */
export const canRelease = (order: OrderLike) => isOpen(order);

/** SPEC §4: only outbound orders awaiting outbound can be deleted. */
export const canDelete = (order: OrderLike) => !isInbound(order) && AWAITING.has(order.status);

const CANCELLED = new Set(['INVALID', 'PART_INVALID']);
const PUSHABLE = new Set(['NORMAL', 'FAIL']);
const PICKABLE = new Set(['SYNC_SUCCESS', 'RECEIVED', 'ALLOCATED']);
const PACKABLE = new Set(['PICKING_PROCESS', 'SORTING_AND_REVIEWING']);

/** SPEC §4 push status: an order just created whose push has not succeeded (never pushed, or refused). */
export const canPush = (order: OrderLike) => order.status === 'CREATE' && PUSHABLE.has(order.pushStatus ?? '');

/** SPEC §4 print status: an outbound order's picking list, printed (or reprinted) unless the order is cancelled. */
export const canPrint = (order: OrderLike) => !isInbound(order) && !CANCELLED.has(order.status);

/** SPEC §4 outbound working status: pick once pushed, pack once picked. */
export const canPick = (order: OrderLike) => !isInbound(order) && isOpen(order) && PICKABLE.has(order.workingStatus ?? '');
export const canPack = (order: OrderLike) => !isInbound(order) && isOpen(order) && PACKABLE.has(order.workingStatus ?? '');

/** What remains of each line: the quantities a full receipt or shipment takes. */
export const remaining = (order: OrderLike) => order.lines.map((line) => line.planned - line.done);

/** The order numbers a search names: separated by spaces, commas, semicolons or new lines. */
export function orderNumbers(text: unknown): string[] {
  return [...new Set(String(text ?? '').split(/[\s,;]+/).filter(Boolean))];
}
