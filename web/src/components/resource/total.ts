/** Past this many matches the server stops counting (`totalCapped`, api/resource/query.py COUNT_CAP). */
export const COUNT_CAP = 10_000;

/** The number of matches as the pager shows it: "10,000+" once the server stopped counting. */
export function totalText(total: number, capped: boolean, language: string): string {
  const format = new Intl.NumberFormat(language);
  return capped ? `${format.format(Math.max(total, COUNT_CAP))}+` : format.format(total);
}
