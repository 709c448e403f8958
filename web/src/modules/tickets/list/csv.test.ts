import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('ticket export as CSV', () => {
  it('starts with a byte-order mark and ends rows with CRLF', () => {
    expect(csvText(['ID', 'Title'], [['1', 'Orders stuck']])).toBe('\uFEFFID,Title\r\n1,Orders stuck\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvText(['Title'], [['a, "b"\nc']])).toBe('\uFEFFTitle\r\n"a, ""b""\nc"\r\n');
  });

  it('defuses a title a spreadsheet would run as a formula', () => {
    expect(csvText(['Title'], [['=HYPERLINK("x")'], ['-1']])).toBe('\uFEFFTitle\r\n"\'=HYPERLINK(""x"")"\r\n\'-1\r\n');
  });
});
