/**
 * Actions whose grant deserves a second look: they end, merge or re-rank someone else's work, or delete
 * (`ticket#merge`, `ticket#confirm` "confirm and close", `ticket#wont-fix`, `ticket#priority`, `*#delete`).
 */
const SENSITIVE_ACTIONS = new Set(['merge', 'close', 'confirm', 'wont-fix', 'priority', 'delete']);

export function isSensitive(identifier: string): boolean {
  const [, action] = identifier.split('#');
  return action !== undefined && SENSITIVE_ACTIONS.has(action);
}
