/** SPEC §9: the login page offers the accounts used on this browser before (at most 5). */
export const SAVED_ACCOUNTS_KEY = 'savedAccounts';
export const MAX_SAVED_ACCOUNTS = 5;

function sameAccount(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The newest first, no account twice (usernames and emails compare case-insensitively), at most 5. */
export function rememberAccount(accounts: readonly string[], account: string): string[] {
  const name = account.trim();
  if (!name) return [...accounts];
  return [name, ...accounts.filter((a) => !sameAccount(a, name))].slice(0, MAX_SAVED_ACCOUNTS);
}

export function forgetAccount(accounts: readonly string[], account: string): string[] {
  return accounts.filter((a) => !sameAccount(a, account));
}

export function loadSavedAccounts(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SAVED_ACCOUNTS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((a): a is string => typeof a === 'string').slice(0, MAX_SAVED_ACCOUNTS);
  } catch {
    return [];
  }
}

export function storeSavedAccounts(accounts: readonly string[]): void {
  window.localStorage.setItem(SAVED_ACCOUNTS_KEY, JSON.stringify(accounts));
}
