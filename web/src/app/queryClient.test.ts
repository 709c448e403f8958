import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/ApiError';
import { createQueryClient } from './queryClient';

const refusal = (status: number) =>
  new ApiError({ code: status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', message: 'no', transactionId: 't', status, data: null, path: '/cms/courier/search' });

async function afterFailure(status: number) {
  const client = createQueryClient();
  client.setQueryData(['session', 'menus'], []);
  await client.fetchQuery({ queryKey: ['courier', 'search'], queryFn: () => Promise.reject(refusal(status)) }).catch(() => undefined);
  return client.getQueryState(['session', 'menus'])?.isInvalidated;
}

describe('a refused call reads the session again (a permission withdrawn while the page is open)', () => {
  it('invalidates the session after a 403', async () => {
    expect(await afterFailure(403)).toBe(true);
  });

  it('leaves it alone after other failures', async () => {
    expect(await afterFailure(404)).toBe(false);
  });
});
