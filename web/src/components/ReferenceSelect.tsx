import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Form, Select, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../api/referenceQuery';
import type { PathOf } from '../api/client';
import type { InputProps } from './resource';
import { labelled } from './resource/labelled';
import { useEnumOptions } from './resource/enums';
import { useTranslate } from '../i18n';
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
    const options = (data as unknown as T[]).filter((option) => !within || !present(above) || String(within.of(option)) === String(above));
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

/** The parent of a dependent picker: the form's `field`, whose value the offered rows share. An `optional` parent
 *  narrows when picked and leaves every row offered when not (a filter's warehouse within the merchant filtered by). */
export interface Parent {
  field: string;
  optional?: boolean;
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
    if (present(was.current) && String(was.current) !== String(above)) onChange?.(null);
    was.current = above;
  }, [above]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the parent clears the child
  return { above: present(above) ? above : undefined, waiting: parent !== undefined && !parent.optional && !present(above) };
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A search param: one value or several (`channel=A&channel=B`). */
type Param = string | number | readonly (string | number)[] | undefined;

export interface ReferenceSearchProps<T> {
  /** The server's picker search (`/cms/wms-product/options`): answers the first matches of `q`, within the reader's scope. */
  api: PathOf<'get'>;
  name: (option: T) => string;
  /** The value a pick gives the form: the option's id unless said (a SKU is picked by its text). */
  pickValue?: (option: T) => string | number;
  /** Narrows the search (`{ merchantId }`); a change asks again. */
  params?: Record<string, Param>;
  /** Several rows picked at once (the value is their list). */
  multiple?: boolean;
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

/** The values a picker holds, as text: one, several (a multiple picker) or none. */
const heldOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((one) => one !== null && one !== undefined && one !== '').map(String);

/** A picker of rows too many to list whole (merchants' products, stores): searched on the server as the user
 *  types, the first matches offered; the picked values stay named while the search moves on. */
export function ReferenceSearch<T extends { id: number }>({ api, name, pickValue, params, onPick, named, multiple, id, label, value, onChange, disabled }: ReferenceSearchProps<T>) {
  const valueOf = pickValue ?? ((option: T) => option.id);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, 300).trim();
  const { data: found, isFetching } = useQuery({
    ...referenceQuery([...keyOf(api), 'search', q, params], api, { params: { query: { ...params, q: q || undefined } }, staleTime: 30_000 }),
    placeholderData: keepPreviousData,
    enabled: !disabled, // nothing to offer yet (the merchant whose products to search is not picked)
  });
  const data = (found ?? []) as unknown as T[];
  const [picked, setPicked] = useState<T[]>([]);
  const held = heldOf(value);
  const known = (list: T[], one: string) => list.some((option) => String(valueOf(option)) === one);
  const unnamed = named ? held.filter((one) => /^\d{1,18}$/.test(one) && !known(data, one) && !known(picked, one)) : [];
  const { data: own } = useQuery({
    ...referenceQuery([...keyOf(api), 'named', unnamed.join(','), params], api, { params: { query: { ...params, ids: unnamed.map(Number) } } }),
    enabled: unnamed.length > 0,
  });
  const shown = held.flatMap((one) => [...picked, ...((own ?? []) as unknown as T[])].find((option) => String(valueOf(option)) === one) ?? [])
    .filter((option) => !known(data, String(valueOf(option))));
  const offered = [...shown, ...data];
  const valueFor = (one: string) => {
    const option = offered.find((candidate) => String(valueOf(candidate)) === one);
    return option ? valueOf(option) : one;
  };
  const current = multiple ? held.map(valueFor) : held.length ? valueFor(held[0]!) : undefined;
  return (
    <Select
      {...labelled({ id, label })}
      mode={multiple ? 'multiple' : undefined}
      value={current}
      onChange={(next: string | number | (string | number)[] | undefined) => {
        const values = next === undefined || next === null ? [] : Array.isArray(next) ? next : [next];
        const options = values.flatMap((one) => offered.find((candidate) => valueOf(candidate) === one) ?? []);
        setPicked(options);
        onPick?.(options[0]);
        onChange?.(multiple ? values : (values[0] ?? null));
      }}
      disabled={disabled}
      allowClear={multiple}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={isFetching}
      options={offered.map((option) => ({ value: valueOf(option), label: name(option) }))}
      style={{ minWidth: 200, width: '100%' }}
    />
  );
}

export interface ReferenceSearchOptions<T> extends Pick<ReferenceSearchProps<T>, 'api' | 'name' | 'pickValue' | 'params' | 'multiple'> {
  /** A dependent picker: it offers only the rows of the form's `field` (sent as `param`), waits until that is picked,
   *  and is cleared when it changes (a shelf of another warehouse is no longer a choice). */
  parent?: Parent & { param: string };
  /** Other fields the pick fills (a ticket's account email from the merchant picked). */
  fills?: (option: T) => Record<string, unknown>;
  /** Fields of the form that narrow what is offered when filled (`{ channel: 'channel' }`: merchants with a shop of
   *  the channels a list is filtered by), sent as the search's params; unlike a parent they neither wait nor clear. */
  narrowedBy?: Record<string, string>;
  /** Narrowings the picker offers beside its search box, not fields of the form: values of an enumeration sent with
   *  the search as `param` (SPEC §5 merchant lookup: email, channel and country). */
  lookups?: Lookup[];
}

/** One narrowing beside a picker: the enumeration `enumName` offered under `label` (a text of `namespace`), sent
 *  as `param`. */
export interface Lookup {
  param: string;
  enumName: string;
  namespace: string;
  label: string;
}

/** The values of the picker's lookups, picked beside it; each a select of its enumeration, several values at once. */
function LookupSelects({ lookups, value, onChange, disabled }: {
  lookups: Lookup[]; value: Record<string, string[]>; onChange: (value: Record<string, string[]>) => void; disabled?: boolean;
}) {
  return lookups.map((lookup) => (
    <LookupSelect key={lookup.param} lookup={lookup} value={value[lookup.param] ?? []} disabled={disabled}
      onChange={(picked) => onChange({ ...value, [lookup.param]: picked })} />
  ));
}

function LookupSelect({ lookup, value, onChange, disabled }: {
  lookup: Lookup; value: string[]; onChange: (value: string[]) => void; disabled?: boolean;
}) {
  const t = useTranslate([lookup.namespace]);
  const options = useEnumOptions(lookup.enumName);
  return (
    <Select mode="multiple" maxTagCount="responsive" allowClear aria-label={t(lookup.label)} placeholder={t(lookup.label)}
      value={value} onChange={onChange} disabled={disabled} showSearch={{ optionFilterProp: 'label' }}
      options={options.map((option) => ({ value: option.value, label: option.label }))}
      style={{ width: 130, flex: 'none' }} popupMatchSelectWidth={false} />
  );
}

// A picker's lookups by its search and field: they outlive the form's redraw (a list's search draws it anew).
const keptLookups = new Map<string, Record<string, string[]>>();

/** The picker's lookup values, kept for the page's life under `key`. */
function useKeptLookups(key: string): [Record<string, string[]>, (value: Record<string, string[]>) => void] {
  const [looked, setLooked] = useState<Record<string, string[]>>(() => keptLookups.get(key) ?? {});
  return [looked, (value) => {
    keptLookups.set(key, value);
    setLooked(value);
  }];
}

/** The values of the form's narrowing fields, as the search's params (one JSON text, so equal values are equal). */
function useNarrowing(narrowedBy: Record<string, string> | undefined): Record<string, Param> {
  const form = Form.useFormInstance();
  const watched = Form.useWatch<Record<string, unknown>, string>((values) => JSON.stringify(
    Object.fromEntries(Object.entries(narrowedBy ?? {}).map(([field, param]) => [param, values?.[field]]))), form);
  return useMemo(() => (watched ? JSON.parse(watched) as Record<string, Param> : {}), [watched]);
}

/** The kit's reference field over a server search that also names picked ids (`ids`): a form or filter `input`. */
export function referenceSearch<T extends { id: number }>({ parent, fills, narrowedBy, lookups, ...search }: ReferenceSearchOptions<T>): ReferenceInput {
  function ReferenceField({ id, label, value, onChange, disabled }: InputProps) {
    const form = Form.useFormInstance();
    const { above, waiting } = useParent(parent, onChange);
    const narrowing = useNarrowing(narrowedBy);
    const [looked, setLooked] = useKeptLookups(`${search.api}#${id ?? ''}`);
    const field = (
      <ReferenceSearch<T>
        {...search}
        named={!search.pickValue} // a value picked by its text (a SKU) is its own name
        params={{ ...search.params, ...narrowing, ...looked, ...(parent ? { [parent.param]: above as string | number | undefined } : {}) }}
        onPick={fills ? (option) => option && form.setFieldsValue(fills(option)) : undefined}
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled || waiting}
      />
    );
    if (!lookups?.length) return field;
    return (
      <Space.Compact style={{ width: '100%' }}>
        <LookupSelects lookups={lookups} value={looked} onChange={setLooked} disabled={disabled} />
        {field}
      </Space.Compact>
    );
  }
  return asReference(ReferenceField, search.api);
}
