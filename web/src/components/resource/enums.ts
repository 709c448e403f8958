import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { referenceQuery } from '../../api/referenceQuery';
import type { Data } from '../../api/client';

export type EnumOption = Data<'/cms/common/enums/{name}', 'get'>[number];

const NO_OPTIONS: EnumOption[] = [];

/** The values of an enumeration with labels in the user's language, from the one place the API reads too. */
export function useEnumOptions(name: string | undefined): EnumOption[] {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    ...referenceQuery(['enum', name, i18n.language], '/cms/common/enums/{name}', { params: { path: { name: name ?? '' } }, staleTime: Infinity }),
    enabled: Boolean(name),
  });
  return data ?? NO_OPTIONS;
}

export function enumLabel(options: readonly EnumOption[], value: unknown): string {
  if (value === null || value === undefined) return '';
  return options.find((option) => option.value === value)?.label ?? String(value);
}
