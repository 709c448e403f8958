import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Form, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../api/referenceQuery';
import type { PathOf } from '../api/client';
import type { InputProps } from './resource';
import { labelled } from './resource/labelled';
import { pickerProps } from '../modules/users/pickedIds';
import { useDebounced } from '../modules/users/useDebounced';

/** The query key of an options list: its path below `/cms/` (`['warehouse', 'options']`). */
const keyOf = (path: string) => path.replace(/^\/cms\//, '').split('/');

/** A form or filter input of the kit naming another record: a picker over the server's `<resource>/options` list
 *  (`reference`), never a box for its bare id (web/src/modules/pickers.test.ts walks every declaration for one). */
export type ReferenceInput = ComponentType<InputProps> & { reference: PathOf<'get'> };

/** Declares `input` a picker of the records `api` offers (for a picker built on its own, such as the user picker). */
export function asReference(input: ComponentType<InputProps>, api: PathOf<'get'>): ReferenceInput {
  return Object.assign(input, { reference: api });
}

export const isReference = (input: unknown): input is ReferenceInput =>
  typeof input === 'function' && typeof (input as Partial<ReferenceInput>).reference === 'string';

/** A form or filter input picking one row of a server's `<resource>/options` list (cached as reference data),
 *  each option named by `name`. */
export function referenceSelect<T extends { id: number }>(api: PathOf<'get'>, name: (option: T) => string, within?: Within<T>): ReferenceInput {
  return asReference(function ReferenceSelect({ id, label, value, onChange, disabled }: InputProps) {
    const { data = [], isFetching } = useQuery(referenceQuery(keyOf(api), api));
    const { above, waiting } = useParent(within, onChange);
    const options = (data as unknown as T[]).filter((option) => !within || String(within.of(option)) === String(above));
    return (
      <Select
        {...pickerProps({ id, label, value, onChange })}
        allowClear
        disabled={disabled || waiting}
        showSearch={{ optionFilterProp: 'label' }}
        loading={isFetching}
        options={options.map((option) => ({ value: option.id, label: name(option) }))}
      />
    );
  }, api);
}

/** The parent of a dependent picker: the form's `field`, whose value the offered rows share. */
export interface Parent {
  field: string;
}

/** A dependent picker over a whole list: only the rows whose `of` is the parent's value. */
export interface Within<T> extends Parent {
  of: (option: T) => unknown;
}

/** The parent field's value as the form holds it; a change of it (not its first value arriving) clears the child,
 *  which waits while no parent is picked. */
function useParent(parent: Parent | undefined, onChange: ((value: unknown) => void) | undefined) {
  const form = Form.useFormInstance();
  const above = Form.useWatch<Record<string, unknown>, unknown>((values) => (parent ? values[parent.field] : undefined), form);
  const was = useRef(above);
  useEffect(() => {
    if (was.current !== undefined && was.current !== null && String(was.current) !== String(above)) onChange?.(null);
    was.current = above;
  }, [above]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the parent clears the child
  return { above, waiting: parent !== undefined && (above === undefined || above === null || above === '') };
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
  /** The server also answers `ids` (the picked ones): a value the picker did not offer (read from the address, or
   *  the record's own) is named by its label, not shown as its id. */
  named?: boolean;
  id?: string;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** A picker of rows too many to list whole (merchants' products, stores): searched on the server as the user
 *  types, the first matches offered; the picked value stays named while the search moves on. */
export function ReferenceSearch<T extends { id: number }>({ api, name, pickValue, params, onPick, named, id, label, value, onChange, disabled }: ReferenceSearchProps<T>) {
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
  const held = value === null || value === '' || value === undefined ? undefined : String(value);
  const knows = (list: T[]) => list.some((option) => String(valueOf(option)) === held);
  const unnamed = named && held !== undefined && /^\d{1,18}$/.test(held) && !knows(data) && !(picked && knows([picked]));
  const { data: own } = useQuery({
    ...referenceQuery([...keyOf(api), 'named', held, params], api, { params: { query: { ...params, ids: [Number(held)] } } }),
    enabled: Boolean(unnamed),
  });
  const shown = [picked, ...((own ?? []) as unknown as T[])].find((option) => option && String(valueOf(option)) === held);
  const offered = shown && !knows(data) ? [shown, ...data] : data;
  const current = offered.find((option) => String(valueOf(option)) === held);
  return (
    <Select
      {...labelled({ id, label })}
      value={held === undefined ? undefined : current ? valueOf(current) : (value as string | number)}
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

export interface ReferenceSearchOptions<T> extends Pick<ReferenceSearchProps<T>, 'api' | 'name' | 'pickValue' | 'params'> {
  /** A dependent picker: it offers only the rows of the form's `field` (sent as `param`), waits until that is picked,
   *  and is cleared when it changes (a shelf of another warehouse is no longer a choice). */
  parent?: Parent & { param: string };
  /** Other fields the pick fills (a ticket's account email from the merchant picked). */
  fills?: (option: T) => Record<string, unknown>;
}

/** The kit's reference field over a server search that also names picked ids (`ids`): a form or filter `input`. */
export function referenceSearch<T extends { id: number }>({ parent, fills, ...search }: ReferenceSearchOptions<T>): ReferenceInput {
  function ReferenceField({ id, label, value, onChange, disabled }: InputProps) {
    const form = Form.useFormInstance();
    const { above, waiting } = useParent(parent, onChange);
    return (
      <ReferenceSearch<T>
        {...search}
        named
        params={parent ? { ...search.params, [parent.param]: above as string | number | undefined } : search.params}
        onPick={fills ? (option) => option && form.setFieldsValue(fills(option)) : undefined}
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled || waiting}
      />
    );
  }
  return asReference(ReferenceField, search.api);
}
