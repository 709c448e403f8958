import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadNamespaces, useTranslate } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { resourceApi } from './api';
import { ImportDialog } from './ImportDialog';

beforeAll(() => loadNamespaces(['resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => {} }));
});

const REFUSED = envelope({
  errors: [
    { row: 3, column: 'Warehouse code', field: 'code', rule: 'warehouse_code', message: 'Warehouse code: only letters and digits' },
    { row: 5, column: 'Merchant id', field: 'merchantId', rule: 'warehouse_merchant_missing', message: 'Merchant id: no such merchant' },
  ],
}, 'IMPORT_ROWS_INVALID', '2 rows have errors; nothing was imported');

function Dialog({ onImported }: { onImported: () => void }) {
  const t = useTranslate(['resource']);
  return <ImportDialog api={resourceApi('warehouse')} t={t} onClose={() => {}} onImported={onImported} />;
}

function openDialog(importReply: () => { status?: number; body: unknown }) {
  const seen = fakeApi(({ url }) => {
    if (url.endsWith('warehouse/import-template')) {
      return { body: 'xlsx', headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': "attachment; filename*=UTF-8''warehouses-template.xlsx" } };
    }
    if (url.endsWith('warehouse/import')) return importReply();
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const onImported = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Dialog onImported={onImported} />
    </QueryClientProvider>,
  );
  return { seen, onImported };
}

function choose(name: string) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['PK'], name)] } });
}

describe('the import dialog', { timeout: 120_000 }, () => {
  it('downloads the template of the resource it imports', async () => {
    const { seen } = openDialog(() => ({ body: envelope({ imported: 1 }) }));
    fireEvent.click(screen.getByTestId('import-template'));
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('warehouse/import-template') && r.method === 'POST')).toBe(true));
  });

  it('lists a refused file by row, column and message, and imports nothing', async () => {
    const { seen, onImported } = openDialog(() => ({ status: 422, body: REFUSED }));
    choose('warehouses.xlsx');
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const table = await screen.findByTestId('import-row-errors');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', 'Warehouse code', 'Warehouse code: only letters and digits'],
      ['5', 'Merchant id', 'Merchant id: no such merchant'],
    ]);
    expect(within(table).getByText('Column')).toBeTruthy();
    expect(seen.filter((r) => r.url.endsWith('warehouse/import'))).toHaveLength(1);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const { seen } = openDialog(() => ({ body: envelope({ imported: 1 }) }));
    choose('warehouses.csv');
    expect(await screen.findByText('Only xls or xlsx files can be imported.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    expect(seen).toHaveLength(0);
  });
});
