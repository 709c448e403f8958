import { Select } from 'antd';
import { useEnumOptions } from '../../components/resource';

/** A select of an enumeration's values with labels in the user's language. */
export function EnumSelect({ name, ...props }: { name: string; value?: unknown; onChange?: (value: unknown) => void; disabled?: boolean; mode?: 'multiple'; allowClear?: boolean; id?: string }) {
  const options = useEnumOptions(name);
  return <Select {...props} options={options.map((option) => ({ value: option.value, label: option.label }))} showSearch optionFilterProp="label" />;
}
