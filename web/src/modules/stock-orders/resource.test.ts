import { describe, expect, it, vi } from 'vitest';
import { stockOrders, type StockOrder } from './resource';

const t = (key: string) => key;

function order(direction: string, status: string): StockOrder {
  return { id: 1, direction, status, lines: [{ id: 1, sku: 'S', planned: 10, done: 0 }] } as unknown as StockOrder;
}

const offered = (o: StockOrder) =>
  stockOrders({ progress: vi.fn() }, t).rowActions.filter((action) => !action.when || action.when(o)).map((action) => action.key);

describe('the inbound and outbound order screen', () => {
  it('asks the server only once an order number is named (SPEC §5)', () => {
    const resource = stockOrders({ progress: vi.fn() }, t);
    expect(resource.searchable?.({})).toBe(false);
    expect(resource.searchable?.({ orderNo: ' , ' })).toBe(false);
    expect(resource.searchable?.({ orderNo: 'IB-1' })).toBe(true);
  });

  it.each([
    ['INBOUND', 'CREATE', ['receive', 'cancel']],
    ['INBOUND', 'PART_COMPLETE', ['receive', 'cancel']],
    ['INBOUND', 'COMPLETE', []],
    ['OUTBOUND', 'PENDING', ['ship', 'void', 'remove']],
    ['OUTBOUND', 'PART_COMPLETE', ['ship', 'void']],
    ['OUTBOUND', 'PART_INVALID', []],
  ])('offers an %s order that is %s: %j', (direction, status, actions) => {
    expect(offered(order(direction, status))).toEqual(actions);
  });

  it('opens the quantities dialog for a receipt or shipment', () => {
    const progress = vi.fn();
    const receive = stockOrders({ progress }, t).rowActions.find((action) => action.key === 'receive')!;
    const inbound = order('INBOUND', 'CREATE');
    void receive.run(inbound, { reload: vi.fn() });
    expect(progress).toHaveBeenCalledWith(inbound);
  });
});
