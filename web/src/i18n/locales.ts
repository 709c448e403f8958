import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import en from './en.json';

export type Messages = typeof en;

export interface LoadedLocale {
  messages: Messages;
  /** Ant Design's own texts (pagination, pickers, empty states); undefined means its English default. */
  antd: Locale | undefined;
  dayjs: string;
}

/**
 * Each language's texts, Ant Design locale and dayjs locale. English ships with the entry;
 * the others are loaded when chosen, so the first screen stays small.
 */
const loaders: Record<string, () => Promise<LoadedLocale>> = {
  en: async () => ({ messages: en, antd: undefined, dayjs: 'en' }),
  'zh-CN': async () => {
    const [messages, antd] = await Promise.all([
      import('./zh-CN.json'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjs: 'zh-cn' };
  },
  id: async () => {
    const [messages, antd] = await Promise.all([
      import('./id.json'),
      import('antd/es/locale/id_ID'),
      import('dayjs/locale/id'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjs: 'id' };
  },
};

/** Loads a language; languages without texts of their own (th, vi) get English. */
export async function loadLocale(code: string): Promise<LoadedLocale> {
  const loader = loaders[code] ?? loaders.en!;
  const locale = await loader();
  dayjs.locale(locale.dayjs);
  return locale;
}
