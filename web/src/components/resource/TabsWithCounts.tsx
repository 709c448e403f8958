import { Tabs } from 'antd';
import { enumLabel, useEnumOptions } from './enums';
import type { FilterValue } from './listState';
import type { ListTabs } from './types';

/** A list's tabs (SPEC §3 order tabs: all, pending, shipping, ...), each labelled with its count from the search
 *  reply; choosing one sets the list's filter, the first clears it. */
export function TabsWithCounts({ tabs, counts, active, onChange }: {
  tabs: ListTabs;
  counts: Record<string, number> | undefined;
  active: FilterValue | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const options = useEnumOptions(tabs.enum);
  const [all] = tabs.values;
  const current = typeof active === 'string' && active ? active : all;
  return (
    <Tabs
      activeKey={current}
      onChange={(key) => onChange(key === all ? undefined : key)}
      data-testid="list-tabs"
      items={tabs.values.map((value) => ({
        key: value,
        label: (
          <span data-testid={`tab-${value}`}>
            {enumLabel(options, value) || value}
            {counts && <span data-testid={`tab-count-${value}`}> ({(counts[value] ?? 0).toLocaleString()})</span>}
          </span>
        ),
      }))}
    />
  );
}
