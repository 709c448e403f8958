/** The languages of the console and where the user's choice is kept (SPEC §9: local storage key `language`). */
export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE = 'en';

/** Languages offered in the language menu; their texts are complete. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
  { code: 'id', label: 'Bahasa Indonesia' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** Also accepted when stored (Thai, Vietnamese); their texts fall back to English. */
const FALLBACK_LANGUAGES = ['th', 'vi'] as const;

const KNOWN = new Set<string>([...LANGUAGES.map((l) => l.code), ...FALLBACK_LANGUAGES]);

export function isOfferedLanguage(code: string): code is Language {
  return LANGUAGES.some((l) => l.code === code);
}

/** The stored language if the console knows it, English otherwise; also sent as Accept-Language. */
export function storedLanguage(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage refused (a privacy mode): the default language
  }
  return stored && KNOWN.has(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(code: string): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
}
