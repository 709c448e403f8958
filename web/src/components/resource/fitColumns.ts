import { useLayoutEffect, useRef, useState } from 'react';
import type { Column, Row } from './types';

/** The order in which columns leave a table too wide for its place: `wide` ones, then plain ones, each from the right. */
export function leavingOrder(columns: readonly Column<Row>[]): string[] {
  const fromRight = (priority: Column<Row>['priority']) =>
    columns.filter((column) => column.priority === priority).map((column) => column.key).reverse();
  return [...fromRight('wide'), ...fromRight(undefined)];
}

const SCROLL_BAR = 24;

/** How far the table sticks out of its scroller (0 or less: it fits). */
function excessOf(container: HTMLElement | null): number {
  const scroller = container?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
  return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
}

/**
 * How many columns in `order` must leave for the table to fit: as many as free the width it sticks out by, read
 * from their header cells, so the table is drawn again once rather than once a column (a column the screen's
 * width already hides has no cell and frees nothing).
 */
function leavingFor(container: HTMLElement | null, order: readonly string[], leaving: number): number {
  const excess = excessOf(container);
  let next = leaving;
  for (let freed = 0; excess > 1 && freed < excess && next < order.length; next += 1) {
    freed += container?.querySelector(`th[data-column="${CSS.escape(order[next]!)}"]`)?.getBoundingClientRect().width ?? 0;
  }
  return next;
}

interface Fit {
  keys: string;
  width: number;
  leaving: number;
  /** The last change brought a column back: if the table now sticks out, it leaves again and the fit is done. */
  back: boolean;
  done: boolean;
}

/**
 * The columns a table has room for. A list whose row actions are fixed at its right end scrolls sideways when its
 * columns are wider than the screen, and then its last columns (a status, often) lie hidden under the actions until
 * the user scrolls. So while the table overflows, its columns leave in `leavingOrder`, as many as it sticks out
 * by, never a `key` one. The widths read while it overflows are squeezed (a column with an ellipsis lays the table
 * out fixed), so that may let too many go: while it fits, the last to leave comes back, one at a time, until one
 * no longer fits and leaves again. Each step is drawn before the page is painted, so only the end is seen. The
 * detail (View) still shows every field. Measured again when the table's width, its columns or its rows change.
 */
export function useFittingColumns<C extends Column<Row>>(columns: readonly C[], rows: readonly unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const keys = columns.map((column) => column.key).join(',');
  const [fit, setFit] = useState<Fit>({ keys, width, leaving: 0, back: false, done: false });
  // A page's scroll bar coming and going changes the width a little: that must not start the fitting again (the
  // table would let its columns go, get shorter, lose the scroll bar, take them back, and so on).
  const same = fit.keys === keys && Math.abs(fit.width - width) <= SCROLL_BAR;
  const leaving = same ? fit.leaving : 0;
  const back = same && fit.back;
  const done = same && fit.done;
  const order = leavingOrder(columns);

  // The table's own size changes too when a label arrives after the rows (an enumeration's, a name's).
  const [grown, setGrown] = useState(0);
  const tableSize = useRef<ResizeObserver>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined; // jsdom: no layout to fit
    const place = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    const table = new ResizeObserver(() => setGrown((count) => count + 1));
    place.observe(element);
    tableSize.current = table;
    return () => {
      place.disconnect();
      table.disconnect();
    };
  }, []);

  // Columns leave while the table does not fit, and come back while it does.
  useLayoutEffect(() => {
    const table = ref.current?.querySelector('table');
    if (table) tableSize.current?.observe(table);
    const fitting = { keys, width: same ? fit.width : width };
    if (excessOf(ref.current) > 1) {
      if (back) setFit({ ...fitting, leaving: leaving + 1, back: false, done: true });
      else {
        const next = leavingFor(ref.current, order, leaving);
        if (next > leaving) setFit({ ...fitting, leaving: next, back: false, done });
      }
    } else if (!done && leaving > 0 && table) {
      setFit({ ...fitting, leaving: leaving - 1, back: true, done: false });
    }
  }, [leaving, back, done, order, keys, width, same, fit.width, rows, grown]);

  const left = new Set(order.slice(0, leaving));
  return { ref, columns: columns.filter((column) => !left.has(column.key)) };
}
