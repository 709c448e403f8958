import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TAB } from '../../components/resource';

export interface ListTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** A screen of several lists, one a tab: the tab lives in the address (`?tab=releases`) beside the shown list's
 *  page and filters, and a list leaves the page when its tab is left, so each list owns the address it shows. */
export function TabbedLists({ items }: { items: ListTab[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB);
  const active = items.some((item) => item.key === asked) ? asked! : items[0]!.key;
  return (
    <Tabs
      activeKey={active}
      destroyOnHidden
      onChange={(key) => setParams(key === items[0]!.key ? {} : { [TAB]: key })}
      items={items}
    />
  );
}
