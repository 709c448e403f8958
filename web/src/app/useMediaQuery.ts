import { useSyncExternalStore } from 'react';

type Watch = { subscribe: (listener: () => void) => () => void; matches: () => boolean };
const watches = new Map<string, Watch>();

/** One stable subscription per query, so React never re-subscribes on render. */
function watchOf(query: string): Watch {
  let watch = watches.get(query);
  if (!watch) {
    const media = () => window.matchMedia(query);
    watch = {
      subscribe: (listener) => {
        const list = media();
        list.addEventListener('change', listener);
        return () => list.removeEventListener('change', listener);
      },
      matches: () => media().matches,
    };
    watches.set(query, watch);
  }
  return watch;
}

/** Whether a CSS media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const watch = watchOf(query);
  return useSyncExternalStore(watch.subscribe, watch.matches);
}
