import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, importFileProblem } from './importFile';

describe('import files (SPEC §5: "xls or xlsx, under 5 MB")', () => {
  it('accepts xls and xlsx under 5 MB', () => {
    expect(importFileProblem({ name: 'couriers.xlsx', size: 1024 })).toBeUndefined();
    expect(importFileProblem({ name: 'OLD.XLS', size: IMPORT_MAX_BYTES - 1 })).toBeUndefined();
  });

  it('refuses other types', () => {
    expect(importFileProblem({ name: 'couriers.csv', size: 10 })).toBe('type');
    expect(importFileProblem({ name: 'couriers.xlsx.exe', size: 10 })).toBe('type');
  });

  it('refuses 5 MB and more, and empty files', () => {
    expect(IMPORT_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(importFileProblem({ name: 'big.xlsx', size: IMPORT_MAX_BYTES })).toBe('size');
    expect(importFileProblem({ name: 'none.xlsx', size: 0 })).toBe('empty');
  });
});
