import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { referenceQuery } from '../../api/referenceQuery';
import type { InputProps } from '../../components/resource';
import { pickerProps } from '../users/pickedIds';

type GroupOption = components['schemas']['WhatsappGroupOption'];

/** The merchant form's and filter's picker of a WhatsApp group: enabled groups, named with their country (the
 *  server refuses a group of another country than the merchant's, on this field). */
export function WhatsappGroupInput({ id, label, value, onChange }: InputProps) {
  const { data = [], isFetching } = useQuery(referenceQuery<GroupOption[]>(['whatsapp-group', 'options'], 'whatsapp-group/options'));
  return (
    <Select
      {...pickerProps({ id, label, value, onChange })}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={data.map((group) => ({ value: group.id, label: `${group.name} (${group.country})` }))}
    />
  );
}
