import { Select } from 'antd';
import type { InputProps } from '../../components/resource';

/** IANA zones the browser knows (`Asia/Jakarta`); the server checks the same names. */
const ZONES = (() => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.map((zone) => ({ value: zone, label: zone }));
})();

export function TimeZoneInput({ id, label, value, onChange }: InputProps) {
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder="Asia/Jakarta"
      showSearch
      allowClear
      value={value as string | undefined}
      onChange={onChange}
      options={ZONES}
    />
  );
}
