/** Words of an action's key that say it stops, deletes or cannot be undone (`massCancel`, `unbind`, `delete`). */
export const DESTRUCTIVE_WORDS: ReadonlySet<string> = new Set([
  'delete', 'remove', 'cancel', 'stop', 'disable', 'blacklist', 'terminate', 'rollback', 'unbind', 'void',
  'withdraw', 'revoke', 'lock', 'purge', 'kill', 'expire',
]);

/** The words of a key: `massCancel` -> mass, cancel; `wont-fix` -> wont, fix. */
export function keyWords(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * Whether an action must ask a second confirmation naming what it acts on (SPEC §5 "Cancel actions ask
 * confirmation"): it is marked `danger`, or its key says it stops, deletes or cannot be undone.
 */
export function isDestructive(action: { key: string; danger?: boolean }): boolean {
  return Boolean(action.danger) || keyWords(action.key).some((word) => DESTRUCTIVE_WORDS.has(word));
}
