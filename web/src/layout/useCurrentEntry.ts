import { useMatches } from 'react-router';
import { handleOf } from '../app/routeHandle';
import type { MenuEntry } from '../app/menuEntries';

/** The menu entry of the page on screen, if it is one of the menu's screens. */
export function useCurrentEntry(): MenuEntry | undefined {
  const matches = useMatches();
  return handleOf(matches[matches.length - 1]).menu;
}
