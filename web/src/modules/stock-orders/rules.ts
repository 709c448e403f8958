/**
 * Which actions an order offers, as the server decides them (domain/rules/stock_orders.py); the server checks
 * again and refuses with a translated reason, so these only keep buttons off rows they cannot apply to.
 */
export interface OrderLike {
  direction: string;
  status: string;
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

/** What remains of each line: the quantities a full receipt or shipment takes. */
export const remaining = (order: OrderLike) => order.lines.map((line) => line.planned - line.done);

/** The order numbers a search names: separated by spaces, commas, semicolons or new lines. */
export function orderNumbers(text: unknown): string[] {
  return [...new Set(String(text ?? '').split(/[\s,;]+/).filter(Boolean))];
}
