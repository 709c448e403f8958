import Fuse from 'fuse.js';
import { titleIn, type MenuEntry } from '../../app/menuEntries';

/** SPEC §9: the route search's fuzzy threshold. */
export const SEARCH_THRESHOLD = 0.4;

export interface RouteOption {
  path: string;
  title: string;
  /** "Operation > Ginee OMS > Order > Logistics configuration" */
  label: string;
}

/** Searchable screens in the current language; give it only visible routes. */
export function routeOptions(entries: readonly MenuEntry[], language: string): RouteOption[] {
  return entries.map((entry) => {
    const title = titleIn(entry.titles, language);
    const trail = entry.trail.map((titles) => titleIn(titles, language));
    return { path: entry.path, title, label: [...trail, title].join(' > ') };
  });
}

/** Fuzzy search over the translated titles (and the paths), best matches first. */
export function routeSearcher(options: readonly RouteOption[]): (query: string) => RouteOption[] {
  const fuse = new Fuse(options, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((result) => result.item) : []);
}
