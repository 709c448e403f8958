import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Data } from '../../api/client';

export type EnumOption = Data<'/cms/common/enums/{name}', 'get'>[number];
type EveryEnum = Data<'/cms/common/enums', 'get'>;

const NO_OPTIONS: EnumOption[] = [];

/** Every enumeration in one reply (`GET /cms/common/enums`), asked once a language: a screen needs a dozen. A list
 *  screen's route starts it with the screen's chunks (listQuery.ts), so the first rows already show labels. */
export const everyEnum = (language: string) => ({
  queryKey: ['enums', language] as const,
  queryFn: () => api.get('/cms/common/enums', { notify: false }),
  staleTime: Infinity,
});

/**
 * The values of an enumeration with labels in the user's language, from the one place the API reads too. All of
 * them come in one call that every field and cell shares (a list's first visit asked a dozen before its search);
 * a name that reply lacks is asked on its own. Not cancelled when the screen that asked goes away (a tab
 * re-mounting its page), so the next one finds the answer on its way instead of asking again.
 */
export function useEnumOptions(name: string | undefined): EnumOption[] {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: ['enum', name, i18n.language],
    // already here when the route asked for every enumeration: the first draw shows the labels, not a second one
    initialData: () => client.getQueryData<EveryEnum>(everyEnum(i18n.language).queryKey)?.[name ?? ''],
    queryFn: async () => {
      const every = await client.fetchQuery(everyEnum(i18n.language)).catch(() => undefined);
      return every?.[name ?? ''] ?? api.get('/cms/common/enums/{name}', { params: { path: { name: name ?? '' } } });
    },
    staleTime: Infinity,
    enabled: Boolean(name),
  });
  return data ?? NO_OPTIONS;
}

export function enumLabel(options: readonly EnumOption[], value: unknown): string {
  if (value === null || value === undefined) return '';
  return options.find((option) => option.value === value)?.label ?? String(value);
}
