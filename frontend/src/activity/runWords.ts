/** A run's cost and time in words for the table and the detail. */

/** Dollars; a paid run under a cent says so rather than $0.00. */
export function formatCost(usd: number | null | undefined): string {
  if (usd == null) return '—';
  if (usd === 0) return '$0';
  if (usd < 0.01) return '< $0.01';
  return `$${usd.toFixed(usd < 1 ? 3 : 2)}`;
}

export function formatLatency(ms: number | null | undefined): string {
  if (ms == null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
