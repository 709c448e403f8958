import type { Translate } from '../../i18n';

/** The server's identifier rule: lower-case words joined by `-`, and `#action` for a button (`logistics#add`). */
const IDENTIFIER = /^[a-z0-9][a-z0-9-]*(#[a-z0-9][a-z0-9-]*)?$/;

export function checkIdentifier(value: unknown, label: string, t: Translate): string | undefined {
  return IDENTIFIER.test(String(value).trim()) ? undefined : t('rule.identifier', { field: label });
}

/** SPEC §5: sort is a positive integer (natural number). */
export function checkSort(value: unknown, label: string, t: Translate): string | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? undefined : t('rule.natural', { field: label });
}
