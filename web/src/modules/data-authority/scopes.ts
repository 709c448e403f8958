import type { ScopeGrant } from './api';

/** The scope types that carry values, and the enumeration the values come from. */
export const VALUE_ENUMS: Partial<Record<ScopeGrant['scopeType'], string>> = { COUNTRY: 'Country', TEAM: 'Team' };

/** Grants with one type turned on (empty values) or off. */
export function toggleScope(scopes: readonly ScopeGrant[], type: ScopeGrant['scopeType'], on: boolean): ScopeGrant[] {
  const others = scopes.filter((scope) => scope.scopeType !== type);
  return on ? [...others, { scopeType: type, values: [] }] : others;
}

export function setScopeValues(scopes: readonly ScopeGrant[], type: ScopeGrant['scopeType'], values: string[]): ScopeGrant[] {
  return scopes.map((scope) => (scope.scopeType === type ? { ...scope, values } : scope));
}

/** The types that need values and have none (the server refuses them too). */
export function missingValues(scopes: readonly ScopeGrant[]): ScopeGrant['scopeType'][] {
  return scopes.filter((scope) => VALUE_ENUMS[scope.scopeType] && !scope.values?.length).map((scope) => scope.scopeType);
}
