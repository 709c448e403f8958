import type { Translate } from '../../i18n';

/** SPEC §5 (newer rule), as the server checks it: 10 to 26 characters with letters, digits and symbols. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 26;
const SYMBOLS = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

export type PasswordProblem = 'length' | 'chars' | 'mix';

export function passwordProblem(password: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'length';
  if (/[\s\p{C}]/u.test(password)) return 'chars';
  if (!(/[A-Za-z]/.test(password) && /\d/.test(password) && SYMBOLS.test(password))) return 'mix';
  return undefined;
}

/** The message of a password the server would refuse, naming the field. */
export function checkPassword(value: unknown, label: string, t: Translate): string | undefined {
  const problem = passwordProblem(String(value));
  return problem && t(`passwordRule.${problem}`, { field: label, min: PASSWORD_MIN, max: PASSWORD_MAX });
}

/** SPEC §5: mobile is 11 digits in the admin form. */
export function checkMobile(value: unknown, label: string, t: Translate): string | undefined {
  return /^\d{11}$/.test(String(value).trim()) ? undefined : t('mobileDigits', { field: label });
}
