import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetAccount,
  loadSavedAccounts,
  MAX_SAVED_ACCOUNTS,
  rememberAccount,
  SAVED_ACCOUNTS_KEY,
  storeSavedAccounts,
} from './savedAccounts';

describe('saved login accounts (SPEC §9: "Saved accounts: 5")', () => {
  it('puts the account just used first', () => {
    expect(rememberAccount(['ana', 'budi'], 'citra')).toEqual(['citra', 'ana', 'budi']);
  });

  it('keeps no duplicates: using a saved account again moves it to the front', () => {
    expect(rememberAccount(['ana', 'budi', 'citra'], 'budi')).toEqual(['budi', 'ana', 'citra']);
  });

  it('treats emails and usernames that differ only in case or spaces as the same account', () => {
    expect(rememberAccount(['Ana@Ginee.com', 'budi'], ' ana@ginee.com ')).toEqual(['ana@ginee.com', 'budi']);
  });

  it('keeps at most 5, dropping the oldest', () => {
    const five = ['e', 'd', 'c', 'b', 'a'];
    const next = rememberAccount(five, 'f');
    expect(next).toHaveLength(MAX_SAVED_ACCOUNTS);
    expect(next).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('ignores a blank account', () => {
    expect(rememberAccount(['ana'], '   ')).toEqual(['ana']);
  });

  it('can forget one account', () => {
    expect(forgetAccount(['ana', 'budi'], 'ANA')).toEqual(['budi']);
  });

  describe('in local storage', () => {
    beforeEach(() => window.localStorage.clear());

    it('round-trips', () => {
      storeSavedAccounts(['ana', 'budi']);
      expect(loadSavedAccounts()).toEqual(['ana', 'budi']);
    });

    it('starts empty when nothing or something unreadable is stored', () => {
      expect(loadSavedAccounts()).toEqual([]);
      window.localStorage.setItem(SAVED_ACCOUNTS_KEY, '{not json');
      expect(loadSavedAccounts()).toEqual([]);
      window.localStorage.setItem(SAVED_ACCOUNTS_KEY, '{"a":1}');
      expect(loadSavedAccounts()).toEqual([]);
    });
  });
});
