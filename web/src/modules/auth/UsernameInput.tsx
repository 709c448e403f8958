import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';

export interface UsernameFieldProps {
  accounts: readonly string[];
  onForget: (account: string) => void;
  autoFocus?: boolean;
  /** Given by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

// The dropdown of saved accounts is an AutoComplete, a Select underneath: more code than the rest of the login page.
// It loads only on a browser that has saved accounts, and starts loading as soon as this module runs.
const loadPicker = () => import('./SavedAccountsInput');
const SavedAccountsInput = lazy(loadPicker);
export function preloadSavedAccountsInput(): void {
  void loadPicker();
}

/** Keeps the focus where the user put it when the dropdown arrives: it takes the focus only from its stand-in. */
function focusIsFree(id: string | undefined): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || (!!id && focused.id === id);
}

/** The username input: a plain one, or with saved accounts the dropdown of them (a plain one until it has loaded). */
export function UsernameInput({ accounts, onForget, autoFocus, ...field }: UsernameFieldProps) {
  const plain = (
    <Input
      {...field}
      onChange={(event) => field.onChange?.(event.target.value)}
      prefix={<UserOutlined />}
      autoComplete="username"
      autoFocus={autoFocus}
    />
  );
  if (!accounts.length) return plain;
  return (
    <Suspense fallback={plain}>
      <SavedAccountsInput {...field} accounts={accounts} onForget={onForget} autoFocus={autoFocus && focusIsFree(field.id)} />
    </Suspense>
  );
}
