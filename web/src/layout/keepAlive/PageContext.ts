import { createContext, useContext } from 'react';
import type { MenuEntry } from '../../app/menuEntries';

export interface PageInfo {
  /** The menu entry of this page (its titles, affix, no-cache), if it is a menu screen. */
  menu: MenuEntry | undefined;
  /** Whether this page's tab is the one on screen. */
  active: boolean;
}

export const PageContext = createContext<PageInfo>({ menu: undefined, active: true });

/** The page's own menu entry and whether it is on screen, also inside a kept (hidden) tab. */
export function usePageInfo(): PageInfo {
  return useContext(PageContext);
}
