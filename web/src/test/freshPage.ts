import { setDisplayZone } from '../components/format/time';

/**
 * Test files share one jsdom and one module graph in a worker (`isolate: false`, vitest.config.ts): the window,
 * the modules and their caches are made once, not once a file. What one file leaves in the page must not reach
 * the next: local and session storage (the language, saved settings), cookies, the address, and the display
 * time zone a session chose. (Its rendered trees are unmounted after each test, and what it closed has finished
 * closing: closing.ts.) The language follows the cleared storage when the next file's set-up starts i18next.
 */
export function freshPage(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  setDisplayZone(undefined);
}
