import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pickedIds } from '../users/pickedIds';
import { roleOptionsQuery } from './api';

interface RoleSelectProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  label: string;
  multiple?: boolean;
  /** Roles not to offer (the source role of a copy). */
  exclude?: readonly number[];
}

/** A picker of roles by name. */
export function RoleSelect({ value, onChange, id, label, multiple, exclude = [] }: RoleSelectProps) {
  const { data = [], isFetching } = useQuery(roleOptionsQuery);
  const ids = pickedIds(value);
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={label}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      value={multiple ? ids : ids[0]}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : null))}
      options={data.filter((role) => !exclude.includes(role.id)).map((role) => ({ value: role.id, label: role.name }))}
      style={{ minWidth: 200, width: '100%' }}
      maxTagCount="responsive"
    />
  );
}
