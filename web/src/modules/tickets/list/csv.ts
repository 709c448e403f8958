/** A cell quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused (spreadsheet formulas). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text with a byte-order mark, so spreadsheet programs read the non-Latin titles and names right. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
