import type { ThemeConfig } from 'antd';

export const SIDEBAR_WIDTH = 240;
/** SPEC §2: below this width the sidebar closes and the device counts as mobile. */
export const MOBILE_BREAKPOINT = 992;

/**
 * The theme in the chosen colour; `motion: false` when the user's system asks for reduced motion.
 * `zeroRuntime`: the components' styles come from Ant Design's built stylesheet (imported in main.tsx), not
 * generated in the browser as each component is first drawn (a third of a list's first draw); the theme's
 * tokens still apply, as CSS variables.
 */
export function themeWith(colorPrimary: string, motion = true): ThemeConfig {
  return { zeroRuntime: true, token: { colorPrimary, borderRadius: 6, motion } };
}
