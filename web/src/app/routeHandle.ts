import type { Messages } from '../i18n/locales';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Key under `page.` in the language files; the browser tab shows it before the app title. */
  title?: keyof Messages['page'];
}
