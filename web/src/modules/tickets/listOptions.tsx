import { api } from '../../api/client';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '../../api/schema';
import type { InputProps } from '../../components/resource';
import { labelled, SEARCH_BY_LABEL } from '../../components/resource/labelled';

export type ListOption = components['schemas']['ListOption'];
/** The managed lists a ticket's category and application come from (the ticket settings screens). */
export type TicketList = 'category' | 'application';

const NONE: ListOption[] = [];

/** Every entry of a list, named in the user's language (disabled ones too: old tickets still show them). */
export function useListOptions(list: TicketList): ListOption[] {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['ticket-list-options', list, i18n.language],
    queryFn: ({ signal }) => api.get(`/cms/ticket-${list}/options`, { signal }),
    staleTime: 60_000,
  });
  return data ?? NONE;
}

/** A ticket's category or application by name; a code the list does not know shows as itself. */
export function listName(options: readonly ListOption[], code: unknown): string {
  if (code === null || code === undefined || code === '') return '';
  return options.find((option) => option.code === code)?.name ?? String(code);
}

export function ListName({ list, code }: { list: TicketList; code: unknown }) {
  return <>{listName(useListOptions(list), code)}</>;
}

function ListSelect({ list, id, label, value, onChange, multiple }: InputProps & { list: TicketList; multiple?: boolean }) {
  const options = useListOptions(list);
  const picked = new Set(Array.isArray(value) ? value : [value]);
  // Only enabled entries may be picked; a disabled one the value holds stays shown by its name.
  const offered = options.filter((option) => option.enabled || picked.has(option.code));
  return (
    <Select
      {...labelled({ id, label })}
      showSearch={SEARCH_BY_LABEL}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      value={value as string | string[] | undefined}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : null))}
      options={offered.map((option) => ({ value: option.code, label: option.name, disabled: !option.enabled }))}
      style={{ minWidth: 160, width: '100%' }}
    />
  );
}

export const CategoryInput = (props: InputProps) => <ListSelect list="category" {...props} />;
export const ApplicationInput = (props: InputProps) => <ListSelect list="application" {...props} />;
export const CategoriesInput = (props: InputProps) => <ListSelect list="category" multiple {...props} />;
export const ApplicationsInput = (props: InputProps) => <ListSelect list="application" multiple {...props} />;
