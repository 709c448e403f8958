import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { Can } from '../../app/access/can';
import { ResourcePage, type Resource, type Row } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { TabbedLists } from '../deployments/TabbedLists';
import { SettingsHistory, type SettingsPage as Page } from './SettingsHistory';

/** One tab of a settings page: its key in the address (`?tab=templates`), the translation key of its label. */
export interface SettingsTab {
  key: string;
  label: string;
  /** The module whose texts name the tab (another module's tab, such as auto interception, brings its own). */
  namespace?: string;
  render: () => ReactNode;
}

/** A screen elsewhere that belongs to these settings (stock lock, shelf merging): linked, not rebuilt. */
export interface RelatedScreen {
  label: string;
  path: string;
  permission: string;
}

/** A list of the page as a tab. */
export function listTab<R extends Row>(key: string, label: string, resource: Resource<R>): SettingsTab {
  return { key, label, render: () => <ResourcePage resource={resource} /> };
}

/** The page's action history as its last tab. */
export const historyTab = (page: Page): SettingsTab => ({ key: 'history', label: 'tabHistory', render: () => <SettingsHistory page={page} /> });

/** An ERP settings page (SPEC §2 erp-settings/*): its lists as tabs, the history last, related screens linked. */
export function SettingsTabsPage({ tabs, related = [] }: { tabs: readonly SettingsTab[]; related?: readonly RelatedScreen[] }) {
  const t = useTranslate(['erp-settings', ...tabs.flatMap((tab) => (tab.namespace ? [tab.namespace] : []))]);
  return (
    <>
      {related.length > 0 && (
        <Space wrap size="middle" data-testid="erp-related">
          <Typography.Text type="secondary">{t('related')}</Typography.Text>
          {related.map((screen) => (
            <Can key={screen.path} permission={screen.permission}>
              <Link to={screen.path}>{t(screen.label)}</Link>
            </Can>
          ))}
        </Space>
      )}
      <TabbedLists items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label), children: tab.render() }))} />
    </>
  );
}
