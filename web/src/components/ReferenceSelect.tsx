import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../api/referenceQuery';
import type { InputProps } from './resource';
import { pickerProps } from '../modules/users/pickedIds';

/** A form or filter input picking one row of a server's `<resource>/options` list (cached as reference data),
 *  each option named by `name`. */
export function referenceSelect<T extends { id: number }>(api: string, name: (option: T) => string) {
  return function ReferenceSelect({ id, label, value, onChange }: InputProps) {
    const { data = [], isFetching } = useQuery(referenceQuery<T[]>(api.split('/'), api));
    return (
      <Select
        {...pickerProps({ id, label, value, onChange })}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={isFetching}
        options={data.map((option) => ({ value: option.id, label: name(option) }))}
      />
    );
  };
}
