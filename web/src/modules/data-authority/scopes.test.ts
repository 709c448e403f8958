import { describe, expect, it } from 'vitest';
import { missingValues, setScopeValues, toggleScope } from './scopes';

describe('data authority scopes (SPEC §6: country, team, department, own)', () => {
  it('turns a scope on with no values and off again', () => {
    const on = toggleScope([{ scopeType: 'OWN', values: [] }], 'COUNTRY', true);
    expect(on).toEqual([{ scopeType: 'OWN', values: [] }, { scopeType: 'COUNTRY', values: [] }]);
    expect(toggleScope(on, 'OWN', false)).toEqual([{ scopeType: 'COUNTRY', values: [] }]);
  });

  it('asks for countries and teams before saving', () => {
    const scopes = toggleScope(toggleScope([], 'COUNTRY', true), 'DEPARTMENT', true);
    expect(missingValues(scopes)).toEqual(['COUNTRY']);
    expect(missingValues(setScopeValues(scopes, 'COUNTRY', ['ID', 'PH']))).toEqual([]);
  });
});
