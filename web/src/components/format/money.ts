/**
 * Money on screen, handled exactly: amounts arrive as decimal text (the server's `Decimal`) and are formatted
 * and added as big integers of minor units, never through a float (SPEC §9: "currency formatting IDR with no
 * decimals, others 2 decimals").
 */
export type MoneyValue = string | number | bigint | null | undefined;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** SPEC §9: amounts in IDR have no decimals; every other currency shows 2. */
export function currencyDecimals(currency: string): number {
  return currency.toUpperCase() === 'IDR' ? 0 : 2;
}

/** The value in units of 10^-digits, halves rounded away from zero; null for empty or unreadable input. */
export function toUnits(value: MoneyValue, digits: number): bigint | null {
  if (value === null || value === undefined) return null;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  let units = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') units += 1n;
  return sign === '-' ? -units : units;
}

/** Decimal text of units of 10^-digits: `unitsToText(1250n, 2)` -> `12.50`. */
export function unitsToText(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits ? `.${text.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * `formatMoney('1500000', 'IDR')` -> `1,500,000`; `formatMoney('12.5', 'USD')` -> `12.50`, grouped as the
 * locale groups. Empty, null and non-numeric values give an empty string, so a table cell stays blank.
 */
export function formatMoney(value: MoneyValue, currency: string, locale = 'en-US'): string {
  const digits = currencyDecimals(currency);
  const units = toUnits(value, digits);
  if (units === null) return '';
  const [whole = '0', fraction] = unitsToText(units < 0n ? -units : units, digits).split('.');
  const number = new Intl.NumberFormat(locale);
  const point = number.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const grouped = number.format(BigInt(whole));
  return `${units < 0n ? '-' : ''}${grouped}${fraction ? point + fraction : ''}`;
}
