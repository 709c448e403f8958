import { Tabs, theme } from 'antd';
import { CloseOutlined, ReloadOutlined, ColumnWidthOutlined, MinusOutlined } from '@ant-design/icons';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { titleIn } from '../../app/menuEntries';
import { useEntriesByIdentifier } from '../useMenuEntries';
import type { Tab } from './tabList';
import { useTabs } from './tabsStore';
import { useTabActions } from './useTabActions';
import { LazyDropdown } from '../../components/LazyDropdown';

function useTabTitle(): (tab: Tab) => string {
  const { t, i18n } = useTranslation();
  const entries = useEntriesByIdentifier();
  return (tab) => {
    const entry = entries.get(tab.identifier);
    // SPEC §2: a page without a title is shown as 'no-name'.
    const title = titleIn(entry?.titles, i18n.language) || t('tabs.noName');
    // Detail routes (`/ticket/:id`) open one tab a record: each names its record.
    const id = entry && matchPath(entry.path, tab.path)?.params.id;
    return id ? `${title} #${id}` : title;
  };
}

/** SPEC §2: visited tabs with a context menu: refresh, close, close others, close all. */
export function TabsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs();
  const titleOf = useTabTitle();
  const actions = useTabActions();

  const contextMenu = (tab: Tab) => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined aria-hidden />, label: t('tabs.refresh'), onClick: () => actions.refresh(tab) },
      { key: 'close', icon: <CloseOutlined aria-hidden />, label: t('tabs.close'), disabled: tab.affix, onClick: () => void actions.close(tab) },
      { key: 'others', icon: <ColumnWidthOutlined aria-hidden />, label: t('tabs.closeOthers'), onClick: () => void actions.closeOthers(tab) },
      { key: 'all', icon: <MinusOutlined aria-hidden />, label: t('tabs.closeAll'), onClick: () => void actions.closeAll() },
    ],
  });

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      data-testid="tabs-view"
      activeKey={pathname}
      onChange={(path) => {
        const tab = tabs.find((candidate) => candidate.path === path);
        if (tab) navigate(tab.fullPath);
      }}
      onEdit={(path, action) => {
        const tab = tabs.find((candidate) => candidate.path === path);
        if (action === 'remove' && tab) void actions.close(tab);
      }}
      tabBarStyle={{ margin: 0, padding: '4px 16px 0', background: token.colorBgContainer }}
      items={tabs.map((tab) => ({
        key: tab.path,
        closable: !tab.affix,
        label: (
          <LazyDropdown menu={contextMenu(tab)} trigger={['contextMenu']}>
            <span data-tab-path={tab.path}>{titleOf(tab)}</span>
          </LazyDropdown>
        ),
      }))}
    />
  );
}
