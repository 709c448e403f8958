import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { UsernameInput } from './UsernameInput';

// jsdom has no ResizeObserver; the dropdown asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

function LoginField({ saved }: { saved: string[] }) {
  const [accounts, setAccounts] = useState(saved);
  return (
    <Form initialValues={{ username: saved[0] ?? '' }}>
      <Form.Item name="username" label="Username or email">
        <UsernameInput accounts={accounts} onForget={(account) => setAccounts(accounts.filter((a) => a !== account))} autoFocus />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => <output data-testid="value">{getFieldValue('username')}</output>}
      </Form.Item>
    </Form>
  );
}

describe('the login page username input (the saved-accounts dropdown loads only with saved accounts)', () => {
  it('is a plain input without saved accounts, and the form gets what is typed', () => {
    render(<LoginField saved={[]} />);
    const input = screen.getByLabelText('Username or email');
    expect(input.getAttribute('role')).not.toBe('combobox');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'alice' } });
    expect(screen.getByTestId('value').textContent).toBe('alice');
  });

  it('offers the saved accounts once the dropdown has loaded, keeps the value, and forgets one', async () => {
    render(<LoginField saved={['bob@example.com', 'carol']} />);
    const input = await screen.findByRole('combobox', { name: 'Username or email' });
    expect((input as HTMLInputElement).value).toBe('bob@example.com');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '' } });
    const forget = await screen.findByRole('button', { name: /carol/ });
    fireEvent.click(forget);
    await waitFor(() => expect(screen.queryByRole('button', { name: /carol/ })).toBeNull());
    fireEvent.change(input, { target: { value: 'dave' } });
    expect(screen.getByTestId('value').textContent).toBe('dave');
  });
});
