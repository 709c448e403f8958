import type { Messages } from '../i18n/locales';
import type { MenuEntry } from './menuEntries';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Key under `page.` in the language files, for the console's own pages (login, 404, ...). */
  title?: keyof Messages['page'];
  /** The menu entry of a screen routed from the user's menu: titles, affix, no-cache. */
  menu?: MenuEntry;
}

export function handleOf(match: { handle: unknown } | undefined): RouteHandle {
  return (match?.handle as RouteHandle | undefined) ?? {};
}
