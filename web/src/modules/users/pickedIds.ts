import { labelled } from '../../components/resource/labelled';

/** A picker's value as ids: filters arrive from the address as text, forms hold numbers; empty means none. */
export function pickedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => item !== undefined && item !== null && item !== '').map(Number);
}

export const pickedId = (value: unknown): number | undefined => pickedIds(value)[0];

interface PickerInput {
  id?: string;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
}

/** What every id picker (a Select or a TreeSelect) shares: named by its label, clearable, its value as ids,
 *  none given back as null (or [] when several may be picked). */
export function pickerProps({ id, label, value, onChange, multiple }: PickerInput) {
  const ids = pickedIds(value);
  return {
    ...labelled({ id, label }),
    value: multiple ? ids : ids[0],
    onChange: (next: unknown) => onChange?.(next ?? (multiple ? [] : null)),
    style: { minWidth: 200, width: '100%' },
  };
}
