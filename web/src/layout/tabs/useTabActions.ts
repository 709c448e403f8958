import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { refreshPath } from '../../app/redirect';
import { confirm } from '../../components/feedback';
import { useConfirmDiscard } from '../unsaved/UnsavedChangesGuard';
import { closeAll, closeOthers, landingAfterClose, type Tab } from './tabList';
import { closeAllTabs, closeOtherTabs, closeTab, tabsStore } from './tabsStore';

/** SPEC §2: closing pages named Review Created or Review Modify asks for confirmation. */
export const CONFIRM_CLOSE = new Set(['review-created', 'review-modify']);

export interface TabActions {
  refresh: (tab: Tab) => void;
  close: (tab: Tab) => Promise<void>;
  closeOthers: (tab: Tab) => Promise<void>;
  closeAll: () => Promise<void>;
}

export function useTabActions(): TabActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const confirmDiscard = useConfirmDiscard();

  const confirmReviewClose = (closing: readonly Tab[]): Promise<boolean> => {
    if (!closing.some((tab) => !tab.affix && CONFIRM_CLOSE.has(tab.identifier))) return Promise.resolve(true);
    return confirm({
      title: t('tabs.confirmCloseTitle'),
      content: t('tabs.confirmCloseText'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
    });
  };

  /** Closes `closing`, keeping `remaining`; leaves the page when it was on screen. */
  const closeTabs = async (closing: Tab[], remaining: Tab[], apply: () => void, landing?: string) => {
    const leavesPage = closing.some((tab) => tab.path === pathname);
    if (!(await confirmReviewClose(closing))) return;
    if (leavesPage && !(await confirmDiscard())) return;
    apply();
    if (leavesPage) navigate(landing ?? landingAfterClose(remaining));
  };

  return {
    refresh: (tab) => navigate(refreshPath(tab.fullPath), { replace: tab.path === pathname }),
    close: (tab) => {
      const tabs = tabsStore.get().tabs;
      if (tab.affix) return Promise.resolve();
      const remaining = tabs.filter((other) => other.path !== tab.path);
      return closeTabs([tab], remaining, () => closeTab(tab.path));
    },
    closeOthers: (tab) => {
      const tabs = tabsStore.get().tabs;
      const remaining = closeOthers(tabs, tab.path);
      const closing = tabs.filter((other) => !remaining.includes(other));
      return closeTabs(closing, remaining, () => closeOtherTabs(tab.path), tab.fullPath);
    },
    closeAll: () => {
      const tabs = tabsStore.get().tabs;
      const remaining = closeAll(tabs);
      const closing = tabs.filter((other) => !remaining.includes(other));
      return closeTabs(closing, remaining, closeAllTabs);
    },
  };
}
