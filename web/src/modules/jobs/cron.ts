import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';
import 'cronstrue/locales/id';

const LOCALES: Record<string, string> = { en: 'en', 'zh-CN': 'zh_CN', id: 'id' };

/** A cron expression in words, in the reader's language (`cronstrue`); undefined when it cannot be read. */
export function describeCron(expression: string | undefined, language: string): string | undefined {
  if (!expression?.trim()) return undefined;
  try {
    return cronstrue.toString(expression, { locale: LOCALES[language] ?? 'en', use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return undefined;
  }
}
