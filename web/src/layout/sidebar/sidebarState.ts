import { useEffect, useState } from 'react';
import Cookies from 'js-cookie';
import { useIsMobile } from '../useIsMobile';

/** SPEC §4: whether the sidebar is open is kept in a cookie. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

function storedOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export interface SidebarState {
  open: boolean;
  mobile: boolean;
  toggle: () => void;
  close: () => void;
}

/**
 * Open or closed as the user last left it on a wide screen; below 992px it starts closed and
 * opens over the page, without changing the remembered choice.
 */
export function useSidebarState(): SidebarState {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(() => !mobile && storedOpen());
  useEffect(() => {
    setOpen(!mobile && storedOpen());
  }, [mobile]);
  return {
    open,
    mobile,
    toggle: () => {
      const next = !open;
      setOpen(next);
      if (!mobile) Cookies.set(SIDEBAR_COOKIE, next ? '1' : '0', { path: '/', sameSite: 'Lax' });
    },
    close: () => setOpen(false),
  };
}
