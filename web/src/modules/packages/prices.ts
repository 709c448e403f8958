import { currencyDecimals, toUnits, unitsToText, type MoneyValue } from '../../components/format/money';

/** SPEC §5 limits the form checks before the server does (domain/rules/packages.py holds the same). */
export const LIMITS = {
  name: 128,
  amount: [1, 100_000_000_000],
  discountedPrice: [0, 100_000_000],
  taxRate: [0, 100],
  freeDays: [0, 365],
  storeCount: [-1, 1000],
  subAccountCount: [-1, 100_000],
  mskuCount: [-1, 1_000_000],
  monthlyOrders: [1, 1_000_000],
  reminderOrders: [0, 1_000_000],
  interceptedOrders: [0, 1_000_000],
  effectAfterInterception: 64,
} as const;

export const UNLIMITED = -1;

/** SPEC §5: "Daily orders equal monthly orders divided by 30, rounded down". */
export function dailyOrders(monthly: number | null | undefined): number | undefined {
  return typeof monthly === 'number' && Number.isFinite(monthly) ? Math.floor(monthly / 30) : undefined;
}

export interface PricePreview {
  tax: string;
  totalPrice: string;
  actualPayment: string;
}

/**
 * What the server will compute, shown while typing: tax rounded up to a whole unit, total, and the actual
 * payment (SPEC §5: amount - discounted price when tax is zero or less, else amount + tax - discounted price).
 * Exact: decimal text through big integers of hundredths, never a float. Undefined until the inputs read.
 */
export function pricePreview(amount: MoneyValue, taxRate: MoneyValue, discounted: MoneyValue, currency: string): PricePreview | undefined {
  const a = toUnits(amount, 2);
  const orZero = (value: MoneyValue) => (value === null || value === undefined || value === '' ? 0 : value);
  const rate = toUnits(orZero(taxRate), 2);
  const d = toUnits(orZero(discounted), 2);
  if (a === null || rate === null || d === null) return undefined;
  const product = a * rate; // hundredths * hundredths of a percent: 10^-6 of a unit
  const whole = product / 1_000_000n + (product % 1_000_000n > 0n ? 1n : 0n); // rounded up to a whole unit
  const tax = whole * 100n;
  const actual = tax <= 0n ? a - d : a + tax - d;
  const digits = currencyDecimals(currency);
  const show = (units: bigint) => unitsToText(digits ? units : units / 100n, digits);
  return { tax: show(tax), totalPrice: show(a + tax), actualPayment: show(actual) };
}

/** -1 is unlimited (SPEC §5), shown so. */
export function countText(value: unknown, unlimited: string): string {
  if (value === null || value === undefined || value === '') return '';
  return Number(value) === UNLIMITED ? unlimited : String(value);
}
