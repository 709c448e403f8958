import { Input } from 'antd';
import type { InputProps } from '../../components/resource';

/** A new password: hidden as typed, never filled in by the browser's saved logins. */
export function PasswordInput({ id, label, value, onChange }: InputProps) {
  return <Input.Password id={id} aria-label={label} autoComplete="new-password" value={value as string | undefined} onChange={(event) => onChange?.(event.target.value)} />;
}
