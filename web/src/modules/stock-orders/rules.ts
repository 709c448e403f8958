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

/** A void asked of the warehouse holding the order, waiting for its reply (cancelled, or shipped already). */
export const isCanceling = (order: OrderLike) => order.workingStatus === 'CANCELING';

/** Receive (inbound) or ship (outbound): while something remains and no cancel waits for the warehouse. */
export const canProgress = (order: OrderLike) => isOpen(order) && !isCanceling(order);

/** Cancel (inbound) or void (outbound): not once completed or already cancelled (or being cancelled). */
export const canRelease = (order: OrderLike) => isOpen(order) && !isCanceling(order);

/** SPEC §4: only outbound orders awaiting outbound can be deleted. */
export const canDelete = (order: OrderLike) => !isInbound(order) && AWAITING.has(order.status) && !isCanceling(order);

const CANCELLED = new Set(['INVALID', 'PART_INVALID']);
const PUSHABLE = new Set(['NORMAL', 'FAIL']);
const ANSWERED = new Set(['SUCCESS', 'SUCCESS_WITHOUT_AWB']);

/** SPEC §4 push status: an order just created whose push has not succeeded (never pushed, or refused). */
export const canPush = (order: OrderLike) => order.status === 'CREATE' && PUSHABLE.has(order.pushStatus ?? '');

/** SPEC §4 print status: an outbound order's picking list, printed (or reprinted) unless the order is cancelled. */
export const canPrint = (order: OrderLike) => !isInbound(order) && !CANCELLED.has(order.status);

/** SPEC §4 push status RECEIVED: the warehouse confirms it took a pushed order (an outbound one not worked yet). */
export const canConfirm = (order: OrderLike) =>
  isOpen(order) && ANSWERED.has(order.pushStatus ?? '') && (isInbound(order) || order.workingStatus === 'SYNC_SUCCESS');

/** An outbound working step, offered on an open outbound order at one of the steps it follows. */
const step = (...from: string[]) => (order: OrderLike) => !isInbound(order) && isOpen(order) && from.includes(order.workingStatus ?? '');

/** SPEC §4 outbound working status: allocate and pick once pushed, sort and review once picked, pack, hand over. */
export const canAllocate = step('SYNC_SUCCESS', 'RECEIVED');
export const canPick = step('SYNC_SUCCESS', 'RECEIVED', 'ALLOCATED');
export const canReview = step('PICKING_PROCESS');
export const canPack = step('PICKING_PROCESS', 'SORTING_AND_REVIEWING');
export const canHandover = step('PACKED');
/** The warehouse's reply to a void asked of it: cancelled (the lock released) or shipped already (CANCEL_FAIL). */
export const canAnswerCancel = step('CANCELING');

/** What remains of each line: the quantities a full receipt or shipment takes. */
export const remaining = (order: OrderLike) => order.lines.map((line) => line.planned - line.done);

/** The order numbers a search names: separated by spaces, commas, semicolons or new lines. */
export function orderNumbers(text: unknown): string[] {
  return [...new Set(String(text ?? '').split(/[\s,;]+/).filter(Boolean))];
}
