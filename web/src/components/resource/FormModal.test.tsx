import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadNamespaces, type Translate } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { resourceApi } from './api';
import { FormModal, type FormTarget } from './FormModal';
import { defineResource } from './types';

beforeAll(() => loadNamespaces(['resource']));
const t: Translate = (key) => key; // labels are their keys: the fields are found by them

const entries = defineResource({
  name: 'entries', namespace: 'resource', api: 'courier', permission: 'entries',
  columns: [
    { key: 'name', title: 'name', form: { required: true } },
    { key: 'code', title: 'code', form: { required: true, fixed: true } },
  ],
});

function open(target: FormTarget) {
  fakeApi(() => ({ body: envelope({ id: 7, name: 'Seven', code: 'seven' }) }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormModal resource={entries} api={resourceApi(entries.api)} target={target} onClose={() => {}} onSaved={() => {}} t={t} />
    </QueryClientProvider>,
  );
}

describe('a fixed field (set on creation, e.g. an authority identifier)', { timeout: 120_000 }, () => {
  it('is shown but cannot be edited once the record exists', async () => {
    open({ kind: 'edit', id: 7 });
    const code = await screen.findByLabelText('code');
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('seven'));
    expect(code.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('name').hasAttribute('disabled')).toBe(false);
  });

  it('is typed in when the record is created', async () => {
    open({ kind: 'create' });
    expect((await screen.findByLabelText('code')).hasAttribute('disabled')).toBe(false);
  });
});
