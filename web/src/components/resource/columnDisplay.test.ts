import { describe, expect, it } from 'vitest';
import type { Column } from './types';
import { mergeDisplay, moveColumn, toggleColumn, visibleColumns } from './columnDisplay';

const columns: Column[] = [
  { key: 'name', title: 'name' },
  { key: 'channel', title: 'channel' },
  { key: 'logoUrl', title: 'logo', hidden: true },
  { key: 'status', title: 'status' },
];

describe('column display (shown, hidden and ordered per user)', () => {
  it('defaults to the declared order and visibility', () => {
    expect(mergeDisplay(columns, null)).toEqual([
      { key: 'name', visible: true },
      { key: 'channel', visible: true },
      { key: 'logoUrl', visible: false },
      { key: 'status', visible: true },
    ]);
  });

  it('keeps the saved order, drops columns that are gone, adds new ones at the end', () => {
    const saved = { columns: [{ key: 'status', visible: true }, { key: 'gone', visible: true }, { key: 'name', visible: false }] };
    expect(mergeDisplay(columns, saved).map((c) => `${c.key}:${c.visible}`)).toEqual([
      'status:true', 'name:false', 'channel:true', 'logoUrl:false',
    ]);
  });

  it('shows the visible columns in the chosen order', () => {
    const display = moveColumn(mergeDisplay(columns, null), 'status', -1);
    expect(visibleColumns(columns, display).map((c) => c.key)).toEqual(['name', 'channel', 'status']);
    expect(visibleColumns(columns, toggleColumn(display, 'logoUrl', true)).map((c) => c.key)).toEqual(['name', 'channel', 'status', 'logoUrl']);
  });

  it('never hides the last visible column, never moves past the ends', () => {
    const one = [{ key: 'name', visible: true }, { key: 'channel', visible: false }];
    expect(toggleColumn(one, 'name', false)).toEqual(one);
    expect(moveColumn(one, 'name', -1)).toEqual(one);
  });
});
