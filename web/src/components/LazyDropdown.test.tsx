import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LazyDropdown, loadDropdown } from './LazyDropdown';

// jsdom has no ResizeObserver; the menu asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

function menu(onPick: (key: string) => void) {
  return { items: [{ key: 'refresh', label: 'Refresh' }, { key: 'close', label: 'Close' }], onClick: ({ key }: { key: string }) => onPick(key) };
}

describe('the lazily loaded dropdown (the shell shows its triggers before the Dropdown code arrives)', () => {
  it('opens on a click, whether the Dropdown had arrived or not, runs the item and closes', async () => {
    const picked: string[] = [];
    render(
      <LazyDropdown trigger={['click']} menu={menu((key) => picked.push(key))}>
        <button type="button">Account</button>
      </LazyDropdown>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    await act(() => loadDropdown());
    const item = await screen.findByRole('menuitem', { name: 'Close' });
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.className).toContain('ant-dropdown-open');
    fireEvent.click(item);
    expect(picked).toEqual(['close']);
    await waitFor(() => expect(trigger.className).not.toContain('ant-dropdown-open'));
  });

  it('opens on a right click with the trigger rendered as given', async () => {
    render(
      <LazyDropdown trigger={['contextMenu']} menu={menu(() => undefined)}>
        <span data-tab-path="/home">Home</span>
      </LazyDropdown>,
    );
    expect(document.querySelector('[data-tab-path="/home"]')?.textContent).toBe('Home');
    fireEvent.contextMenu(screen.getByText('Home'));
    await act(() => loadDropdown());
    expect(await screen.findByRole('menuitem', { name: 'Refresh' })).toBeTruthy();
  });
});
