/** The currency each country pays in (domain/rules/money.py COUNTRY_CURRENCY); TWD is not billed in. */
const COUNTRY_CURRENCY: Record<string, string> = {
  ID: 'IDR', PH: 'PHP', CN: 'CNY', MY: 'MYR', TH: 'THB', VN: 'VND', SG: 'SGD', US: 'USD',
};

export function currencyOfCountry(country: unknown): string | undefined {
  return typeof country === 'string' ? COUNTRY_CURRENCY[country] : undefined;
}
