import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../api/referenceQuery';
import type { PathOf } from '../api/client';
import type { InputProps } from './resource';
import { labelled } from './resource/labelled';
import { pickerProps } from '../modules/users/pickedIds';
import { useDebounced } from '../modules/users/useDebounced';

/** The query key of an options list: its path below `/cms/` (`['warehouse', 'options']`). */
const keyOf = (path: string) => path.replace(/^\/cms\//, '').split('/');

/** A form or filter input picking one row of a server's `<resource>/options` list (cached as reference data),
 *  each option named by `name`. */
export function referenceSelect<T extends { id: number }>(api: PathOf<'get'>, name: (option: T) => string) {
  return withOptions(api, function ReferenceSelect({ id, label, value, onChange }: InputProps) {
    const { data = [], isFetching } = useQuery(referenceQuery(keyOf(api), api));
    const options = data as unknown as T[];
    return (
      <Select
        {...pickerProps({ id, label, value, onChange })}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={isFetching}
        options={options.map((option) => ({ value: option.id, label: name(option) }))}
      />
    );
  });
}

/** An input marked with the options route it calls: a list offering it as a filter must let its readers call that
 *  route (app/access/filterOptions.test.ts checks every list's filters against the schema). */
export function withOptions<C extends object>(api: PathOf<'get'>, input: C): C & { optionsPath: PathOf<'get'> } {
  return Object.assign(input, { optionsPath: api });
}

export interface ReferenceSearchProps<T> {
  /** The server's picker search (`/cms/wms-product/options`): answers the first matches of `q`, within the reader's scope. */
  api: PathOf<'get'>;
  name: (option: T) => string;
  /** The value a pick gives the form: the option's id unless said (a SKU is picked by its text). */
  pickValue?: (option: T) => string | number;
  /** Narrows the search (`{ merchantId }`); a change asks again. */
  params?: Record<string, string | number | undefined>;
  /** The whole option picked (or undefined when cleared), for a form that fills other fields from it. */
  onPick?: (option: T | undefined) => void;
  id?: string;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** A picker of rows too many to list whole (merchants' products, stores): searched on the server as the user
 *  types, the first matches offered; the picked value stays named while the search moves on. */
export function ReferenceSearch<T extends { id: number }>({ api, name, pickValue, params, onPick, id, label, value, onChange, disabled }: ReferenceSearchProps<T>) {
  const valueOf = pickValue ?? ((option: T) => option.id);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, 300).trim();
  const { data: found, isFetching } = useQuery({
    ...referenceQuery([...keyOf(api), 'search', q, params], api, { params: { query: { ...params, q: q || undefined } }, staleTime: 30_000 }),
    placeholderData: keepPreviousData,
    enabled: !disabled, // nothing to offer yet (the merchant whose products to search is not picked)
  });
  const data = (found ?? []) as unknown as T[];
  const [picked, setPicked] = useState<T>();
  const offered = picked && !data.some((option) => valueOf(option) === valueOf(picked)) ? [picked, ...data] : data;
  return (
    <Select
      {...labelled({ id, label })}
      value={value === null || value === '' ? undefined : (value as string | number | undefined)}
      onChange={(next: string | number | undefined) => {
        const option = offered.find((candidate) => valueOf(candidate) === next);
        setPicked(option);
        onPick?.(option);
        onChange?.(next ?? null);
      }}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={isFetching}
      options={offered.map((option) => ({ value: valueOf(option), label: name(option) }))}
      style={{ minWidth: 200, width: '100%' }}
    />
  );
}
