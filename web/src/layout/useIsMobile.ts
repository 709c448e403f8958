import { MOBILE_BREAKPOINT } from '../app/theme';
import { useMediaQuery } from '../app/useMediaQuery';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** SPEC §2: below 992px the device counts as mobile. */
export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
