import type { ThemeConfig } from 'antd';

export const SIDEBAR_WIDTH = 240;
/** SPEC §2: below this width the sidebar closes and the device counts as mobile. */
export const MOBILE_BREAKPOINT = 992;

export function themeWith(colorPrimary: string): ThemeConfig {
  return { token: { colorPrimary, borderRadius: 6 } };
}
