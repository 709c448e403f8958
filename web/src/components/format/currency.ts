/** SPEC §9: amounts in IDR have no decimals; every other currency shows 2. */
export function currencyDecimals(currency: string): number {
  return currency.toUpperCase() === 'IDR' ? 0 : 2;
}

/**
 * `formatCurrency(1500000, 'IDR')` -> `1,500,000`; `formatCurrency(12.5, 'USD')` -> `12.50`.
 * Empty, null and non-numeric values give an empty string, so a table cell stays blank.
 */
export function formatCurrency(value: number | string | null | undefined, currency: string, locale = 'en-US'): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return '';
  const digits = currencyDecimals(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
}
