import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pickerProps } from '../users/pickedIds';
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
  return (
    <Select
      {...pickerProps({ id, label, value, onChange, multiple })}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={data.filter((role) => !exclude.includes(role.id)).map((role) => ({ value: role.id, label: role.name }))}
      maxTagCount="responsive"
    />
  );
}
