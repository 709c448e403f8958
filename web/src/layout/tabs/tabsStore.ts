import { createStore, readStored, useStore, writeStored } from '../../app/store';
import type { MenuEntry } from '../../app/menuEntries';
import { closeAll, close, closeOthers, restore, visit, withAffixed, type Tab } from './tabList';

interface TabsState {
  owner: string | undefined;
  tabs: Tab[];
  /** Bumped to drop a page's kept state (refresh): path -> generation. */
  generations: Readonly<Record<string, number>>;
}

const storageKey = (owner: string) => `tabs:${owner}`;

/** SPEC §2 / §4: the tabs view (add, update, delete, delete others, delete all); survives a reload. */
export const tabsStore = createStore<TabsState>({ owner: undefined, tabs: [], generations: {} }, (state) => {
  if (state.owner) writeStored(window.sessionStorage, storageKey(state.owner), state.tabs);
});

function setTabs(update: (tabs: Tab[]) => Tab[]): void {
  tabsStore.set((state) => ({ ...state, tabs: update(state.tabs) }));
}

/** Called once the user and their routes are known: the stored tabs of this user, affixed pages first. */
export function startTabs(owner: string, routed: ReadonlyMap<string, MenuEntry>, affixed: readonly Tab[]): void {
  if (tabsStore.get().owner === owner) return;
  const stored = restore(readStored(window.sessionStorage, storageKey(owner), []), routed);
  tabsStore.set({ owner, tabs: withAffixed(stored, affixed), generations: {} });
}

export const openTab = (tab: Tab) => setTabs((tabs) => visit(tabs, tab));
export const closeTab = (path: string) => setTabs((tabs) => close(tabs, path));
export const closeOtherTabs = (path: string) => setTabs((tabs) => closeOthers(tabs, path));
export const closeAllTabs = () => setTabs(closeAll);

/** The page at `path` loses its kept state and starts afresh when shown next. */
export function reopenPage(path: string): void {
  tabsStore.set((state) => ({
    ...state,
    generations: { ...state.generations, [path]: (state.generations[path] ?? 0) + 1 },
  }));
}

export const useTabs = () => useStore(tabsStore, (state) => state.tabs);
export const useGenerations = () => useStore(tabsStore, (state) => state.generations);
