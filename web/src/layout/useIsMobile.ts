import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../app/theme';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function media(): MediaQueryList {
  return window.matchMedia(QUERY);
}

function subscribe(listener: () => void): () => void {
  const list = media();
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** SPEC §2: below 992px the device counts as mobile. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => media().matches);
}
