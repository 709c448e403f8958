import type { ThemeConfig } from 'antd';

export const SIDEBAR_WIDTH = 240;
/** SPEC §2: below this width the sidebar closes and the device counts as mobile. */
export const MOBILE_BREAKPOINT = 992;

/** The theme in the chosen colour; `motion: false` when the user's system asks for reduced motion. */
export function themeWith(colorPrimary: string, motion = true): ThemeConfig {
  return { token: { colorPrimary, borderRadius: 6, motion } };
}
