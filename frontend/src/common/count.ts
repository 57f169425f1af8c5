/**
 * Numbers and counts as the console writes them: thousands separated ("10,000"),
 * the noun agreeing with the count ("1 case", "2 cases"). One helper, used everywhere.
 */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "10,000"; a fraction keeps at most two decimals ("1,234.5"). */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? whole.format(value) : decimal.format(value);
}

/** The noun for a count: `one` for exactly 1, else `many` (by default `one` + "s"). */
export function nounFor(count: number, one: string, many: string = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 case", "10,000 cases", "2 people" (with `many`). */
export function countOf(count: number, one: string, many?: string): string {
  return `${formatNumber(count)} ${nounFor(count, one, many)}`;
}
