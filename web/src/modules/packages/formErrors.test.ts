import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { formErrorsOf, namePathOf } from './formErrors';

describe('refusals placed on the package form', () => {
  it('reads list positions', () => {
    expect(namePathOf('countries[1].amount')).toEqual(['countries', 1, 'amount']);
    expect(namePathOf('taxRate')).toEqual(['taxRate']);
  });

  it('puts each error on its field and keeps the unknown apart', () => {
    const error = new ApiError({
      code: 'VALIDATION_FAILED', message: 'x', status: 422, transactionId: 't', path: '/cms/package/add-group',
      data: { errors: [{ field: 'countries[0].amount', rule: 'between', message: 'Amount: must be between 1 and 100,000,000,000' }] },
    });
    expect(formErrorsOf(error, () => true)).toEqual({
      fields: [{ name: ['countries', 0, 'amount'], errors: ['Amount: must be between 1 and 100,000,000,000'] }], unplaced: false,
    });
    expect(formErrorsOf(error, () => false).unplaced).toBe(true);
  });
});
