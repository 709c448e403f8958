import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/queryClient';
import { envelope, fakeApi } from '../../test/fakeApi';
import { useEnumOptions } from './enums';

function Levels() {
  const options = useEnumOptions('TicketLevel');
  return <span>{options.length ? options.map((option) => option.label).join(', ') : 'loading'}</span>;
}

describe('enumerations and option lists', () => {
  it('are asked once, even when the screen that asked first is gone before the answer (a tab re-mounting its page)', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const seen = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const client = createQueryClient();
    const first = render(<QueryClientProvider client={client}><Levels /></QueryClientProvider>);
    await screen.findByText('loading');
    first.unmount(); // before the answer came
    render(<QueryClientProvider client={client}><Levels /><Levels /></QueryClientProvider>);
    answer({ body: envelope([{ value: 'P0', label: 'Critical' }, { value: 'P1', label: 'High' }]) });
    expect(await screen.findAllByText('Critical, High')).toHaveLength(2);
    expect(seen.map((request) => request.url)).toEqual(['/cms/common/enums/TicketLevel']);
  });
});
