import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/queryClient';
import { envelope, fakeApi } from '../../test/fakeApi';
import { useEnumOptions } from './enums';

function Labels({ name }: { name: string }) {
  const options = useEnumOptions(name);
  return <span>{options.length ? options.map((option) => option.label).join(', ') : 'loading'}</span>;
}

const LEVELS = [{ value: 'P0', label: 'Critical' }, { value: 'P1', label: 'High' }];
const STATES = [{ value: 'OPEN', label: 'Open' }];

describe('enumerations and option lists', () => {
  it('come in one call for every field and cell, even when the screen that asked first is gone before the answer', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const seen = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const client = createQueryClient();
    const first = render(<QueryClientProvider client={client}><Labels name="TicketLevel" /></QueryClientProvider>);
    await screen.findByText('loading');
    first.unmount(); // before the answer came (a tab re-mounting its page)
    render(<QueryClientProvider client={client}><Labels name="TicketLevel" /><Labels name="TicketStatus" /></QueryClientProvider>);
    answer({ body: envelope({ TicketLevel: LEVELS, TicketStatus: STATES }) });
    expect(await screen.findByText('Critical, High')).toBeTruthy();
    expect(await screen.findByText('Open')).toBeTruthy();
    expect(seen.map((request) => request.url)).toEqual(['/cms/common/enums']);
  });

  it('asks for one by its name when the reply of all lacks it', async () => {
    const seen = fakeApi(({ url }) => ({ body: envelope(url.endsWith('/TicketLevel') ? LEVELS : {}) }));
    render(<QueryClientProvider client={createQueryClient()}><Labels name="TicketLevel" /></QueryClientProvider>);
    expect(await screen.findByText('Critical, High')).toBeTruthy();
    expect(seen.map((request) => request.url)).toEqual(['/cms/common/enums', '/cms/common/enums/TicketLevel']);
  });
});
