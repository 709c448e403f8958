import { api } from '../../api/client';
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mergeDisplay, type ColumnDisplay } from './columnDisplay';
import type { Column, Row } from './types';

const queryKey = (tableKey: string) => ['table-display', tableKey] as const;

/** The saved display of one table; a list screen's route starts it before the page draws (listQuery.ts). */
export const tableDisplayQuery = (tableKey: string) => ({
  queryKey: queryKey(tableKey),
  queryFn: () => api.post('/cms/front/table-display/get', { body: { tableKey }, notify: false }).catch(() => null),
  staleTime: Infinity,
});

/** Saves one after another, so quick changes reach the server in the order the user made them. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * The user's column order and visibility for one table: read from `front/table-display/get`,
 * written to `front/table-display/change` only when the user changes it.
 */
export function useTableDisplay(tableKey: string, columns: readonly Column<Row>[]) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(tableDisplayQuery(tableKey));
  const display = useMemo(() => mergeDisplay(columns, data), [columns, data]);
  const change = (next: ColumnDisplay[] | null) => {
    const saved = next ?? mergeDisplay(columns, null);
    queryClient.setQueryData(queryKey(tableKey), { columns: saved });
    saving = saving.then(() => api.post('/cms/front/table-display/change', { body: { tableKey, columns: saved.map((column) => ({ ...column })) } }).catch(() => undefined));
  };
  /** Until the saved display is known the table shows no columns, rather than the wrong ones for a moment. */
  return { display, change, ready: !isPending };
}
