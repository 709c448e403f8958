import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { notification } from 'antd';
import { ApiError } from '../../api/ApiError';
import { namePathOf, showFieldErrors, splitFieldErrors } from './fieldErrors';

const refusal = (errors: { field: string; message: string }[]) => new ApiError({
  code: 'VALIDATION_FAILED', message: errors.map((e) => e.message).join('; '), status: 422, transactionId: 't',
  path: '/cms/package/add-group', data: { errors },
});

describe('server field errors on a form', () => {
  it('reads list positions', () => {
    expect(namePathOf('countries[1].amount')).toEqual(['countries', 1, 'amount']);
    expect(namePathOf('body.params.keepDays')).toEqual(['params', 'keepDays']);
    expect(namePathOf('grid[0][2]')).toEqual(['grid', 0, 2]);
  });

  it('places every error, in list blocks too, and keeps the unknown apart', () => {
    const error = refusal([
      { field: 'countries[0].amount', message: 'Amount: between 1 and 100,000,000,000' },
      { field: 'countries[1].discountedPrice', message: 'Discounted price: not above the amount' },
      { field: 'freeDays', message: 'Free days: between 0 and 365' },
      { field: 'serverIps[2]', message: 'Server IPs: not an IP address' },
      { field: 'freeDays', message: 'Free days: within the package' },
      { field: 'receiptNumber', message: 'Receipt number: used' },
    ]);
    const { fields, elsewhere } = splitFieldErrors(error, [['countries', 0, 'amount'], ['countries', 1, 'discountedPrice'], 'freeDays', 'serverIps']);
    expect(fields).toEqual([
      { name: ['countries', 0, 'amount'], errors: ['Amount: between 1 and 100,000,000,000'] },
      { name: ['countries', 1, 'discountedPrice'], errors: ['Discounted price: not above the amount'] },
      { name: 'freeDays', errors: ['Free days: between 0 and 365', 'Free days: within the package'] },
      { name: 'serverIps', errors: ['Server IPs: not an IP address'] },
    ]);
    expect(elsewhere.map((e) => e.field)).toEqual(['receiptNumber']);
  });

  it('puts a top-level error on the one list field ending in its name (a form editing one block)', () => {
    const error = refusal([{ field: 'amount', message: 'Amount: whole' }]);
    expect(splitFieldErrors(error, [['countries', 0, 'amount']]).fields).toEqual([{ name: ['countries', 0, 'amount'], errors: ['Amount: whole'] }]);
    expect(splitFieldErrors(error, [['countries', 0, 'amount'], ['countries', 1, 'amount']]).fields).toEqual([]);
  });

  afterEach(() => notification.destroy());

  it('shows them on the form, brings the first into view and tells the rest in one notice', async () => {
    const form = {
      setFields: vi.fn(), scrollToField: vi.fn(),
      getFieldsValue: vi.fn((_all: true, filter: (meta: { name: (string | number)[] }) => boolean) => {
        [['name'], ['amount']].forEach((name) => filter({ name }));
        return {};
      }),
    };
    const error = refusal([
      { field: 'amount', message: 'Amount: whole' }, { field: 'name', message: 'Name: required' },
      { field: 'packages[0].count', message: 'Count: at most 5' },
    ]);
    expect(showFieldErrors(form as never, error)).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'amount', errors: ['Amount: whole'] }, { name: 'name', errors: ['Name: required'] }]);
    expect(form.scrollToField).toHaveBeenCalledWith('amount', expect.objectContaining({ block: 'center' }));
    const notice = (await screen.findByText('Count: at most 5')).closest('.ant-notification-notice');
    expect(notice?.textContent).not.toContain('Amount: whole');
  });
});
