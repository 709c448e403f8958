import { Select } from 'antd';
import { timeZoneNames } from '../format/time';
import type { InputProps } from './types';

/** IANA zones the browser knows (`Asia/Jakarta`); the server checks the same names. */
const ZONES = timeZoneNames().map((zone) => ({ value: zone, label: zone }));

interface TimeZoneSelectProps {
  id?: string;
  label: string;
  value?: string | null;
  onChange?: (zone: string | undefined) => void;
  /** What an empty value stands for (the default zone), else an example name. */
  placeholder?: string;
}

export function TimeZoneSelect({ id, label, value, onChange, placeholder = 'Asia/Jakarta' }: TimeZoneSelectProps) {
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={placeholder}
      showSearch
      allowClear
      value={value ?? undefined}
      onChange={onChange}
      options={ZONES}
      style={{ minWidth: 220 }}
    />
  );
}

/** A time zone field of a resource form. */
export function TimeZoneInput({ id, label, value, onChange }: InputProps) {
  return <TimeZoneSelect id={id} label={label} value={value as string | undefined} onChange={onChange} />;
}
