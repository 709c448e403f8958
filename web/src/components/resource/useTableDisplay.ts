import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { mergeDisplay, type ColumnDisplay } from './columnDisplay';
import type { Column, Row } from './types';

const queryKey = (tableKey: string) => ['table-display', tableKey] as const;

/** Saves one after another, so quick changes reach the server in the order the user made them. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * The user's column order and visibility for one table: read from `front/table-display/get`,
 * written to `front/table-display/change` only when the user changes it.
 */
export function useTableDisplay(tableKey: string, columns: readonly Column<Row>[]) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: queryKey(tableKey),
    queryFn: () => http.post<unknown>('front/table-display/get', { tableKey }, { notify: false }).catch(() => null),
    staleTime: Infinity,
  });
  const display = useMemo(() => mergeDisplay(columns, data), [columns, data]);
  const change = (next: ColumnDisplay[] | null) => {
    const saved = next ?? mergeDisplay(columns, null);
    queryClient.setQueryData(queryKey(tableKey), { columns: saved });
    saving = saving.then(() => http.post('front/table-display/change', { tableKey, columns: saved }).catch(() => undefined));
  };
  /** Until the saved display is known the table shows no columns, rather than the wrong ones for a moment. */
  return { display, change, ready: !isPending };
}
