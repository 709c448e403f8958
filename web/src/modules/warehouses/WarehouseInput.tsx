import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { referenceQuery } from '../../api/referenceQuery';
import type { InputProps } from '../../components/resource';
import { pickerProps } from '../users/pickedIds';

type WarehouseOption = components['schemas']['WarehouseOption'];

/** The picker of a warehouse for the location forms and filters: the warehouses the reader's data authority
 *  shows, named with their code and merchant. */
export function WarehouseInput({ id, label, value, onChange }: InputProps) {
  const { data = [], isFetching } = useQuery(referenceQuery<WarehouseOption[]>(['warehouse', 'options'], 'warehouse/options'));
  return (
    <Select
      {...pickerProps({ id, label, value, onChange })}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={data.map((warehouse) => ({ value: warehouse.id, label: `${warehouse.name} · ${warehouse.code} · ${warehouse.merchantEmail}` }))}
    />
  );
}

type AreaOption = components['schemas']['WarehouseAreaOption'];

/** The picker of a shelf's product area: the areas the reader may see, named with their warehouse (the server
 *  refuses an area of another warehouse than the shelf's, on this field). */
export function AreaInput({ id, label, value, onChange }: InputProps) {
  const { data = [], isFetching } = useQuery(referenceQuery<AreaOption[]>(['warehouse-area', 'options'], 'warehouse-area/options'));
  return (
    <Select
      {...pickerProps({ id, label, value, onChange })}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={data.map((area) => ({ value: area.id, label: `${area.warehouseName ?? ''} · ${area.code} · ${area.name}` }))}
    />
  );
}
