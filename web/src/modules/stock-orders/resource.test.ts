import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../test/fakeApi';
import { stockOrders, type StockOrder } from './resource';

const t = (key: string) => key;

function order(direction: string, status: string, pushStatus = 'SUCCESS', workingStatus = 'SYNC_SUCCESS'): StockOrder {
  return { id: 1, direction, status, pushStatus, workingStatus, lines: [{ id: 1, sku: 'S', planned: 10, done: 0 }] } as unknown as StockOrder;
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
    ['INBOUND', 'CREATE', 'NORMAL', '', ['receive', 'push', 'cancel']],
    ['INBOUND', 'PART_COMPLETE', 'SUCCESS', '', ['receive', 'confirm', 'cancel']],
    ['INBOUND', 'PART_COMPLETE', 'RECEIVED', '', ['receive', 'cancel']],
    ['INBOUND', 'COMPLETE', 'SUCCESS', '', []],
    ['OUTBOUND', 'CREATE', 'FAIL', 'SYNC_FAIL', ['push', 'print', 'ship', 'void', 'remove']],
    ['OUTBOUND', 'PENDING', 'SUCCESS', 'SYNC_SUCCESS', ['confirm', 'print', 'allocate', 'pick', 'ship', 'void', 'remove']],
    ['OUTBOUND', 'PENDING', 'RECEIVED', 'RECEIVED', ['print', 'allocate', 'pick', 'ship', 'void', 'remove']],
    ['OUTBOUND', 'PART_COMPLETE', 'SUCCESS', 'PICKING_PROCESS', ['print', 'review', 'pack', 'ship', 'void']],
    ['OUTBOUND', 'PENDING', 'RECEIVED', 'PACKED', ['print', 'handover', 'ship', 'void', 'remove']],
    ['OUTBOUND', 'PENDING', 'RECEIVED', 'CANCELING', ['print', 'cancelDone', 'cancelRefused']],
    ['OUTBOUND', 'PENDING', 'RECEIVED', 'CANCEL_FAIL', ['print', 'ship', 'void', 'remove']],
    ['OUTBOUND', 'PART_INVALID', 'SUCCESS', 'SYNC_SUCCESS', []],
  ])('offers an %s order that is %s, pushed %s and worked %s: %j', (direction, status, push, working, actions) => {
    expect(offered(order(direction, status, push, working))).toEqual(actions);
  });

  it('opens the quantities dialog for a receipt or shipment', () => {
    const progress = vi.fn();
    const receive = stockOrders({ progress }, t).rowActions.find((action) => action.key === 'receive')!;
    const inbound = order('INBOUND', 'CREATE');
    void receive.run(inbound, { reload: vi.fn() });
    expect(progress).toHaveBeenCalledWith(inbound);
  });

  it('marks the order printed, then opens its picking list in a tab of its own and prints it', async () => {
    const seen = fakeApi(() => ({ body: envelope(null) }));
    const page = new EventTarget() as EventTarget & { print: () => void };
    page.print = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue(page as unknown as Window);
    const print = stockOrders({ progress: vi.fn() }, t).rowActions.find((action) => action.key === 'print')!;
    await print.run(order('OUTBOUND', 'PENDING'), { reload: vi.fn() });
    expect(seen.map(({ method, url, body }) => [method, url, body])).toEqual([['POST', '/cms/stock-order/print', '{"id":1}']]);
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^\/cms\/stock-order\/1\/picking-list\?language=/), '_blank');
    page.dispatchEvent(new Event('load'));
    expect(page.print).toHaveBeenCalled();
    open.mockRestore();
  });
});
