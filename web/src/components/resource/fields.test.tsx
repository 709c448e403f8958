import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FilterControl } from './fields';

// jsdom has no ResizeObserver; the dropdown asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

describe('a yes/no filter', () => {
  it('offers Yes and No, not a text box, and keeps the answer as the address does', async () => {
    const onChange = vi.fn();
    render(<FilterControl column={{ key: 'enabled', title: 'enabled', type: 'boolean', filter: true }} label="Enabled" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Enabled' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('No'));
    expect(onChange).toHaveBeenCalledWith('false', expect.anything());
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
