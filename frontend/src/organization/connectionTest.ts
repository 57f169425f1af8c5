import { formatNumber } from '../common/count';

export interface ConnectionTestOutcome {
  model: string;
  ok: boolean;
  latencyMs?: number | null;
  error?: string | null;
}

/** What a connection test found, as one sentence. */
export function connectionTestWords(outcome: ConnectionTestOutcome): string {
  if (outcome.ok) {
    const latency = outcome.latencyMs == null ? '' : ` in ${formatNumber(Math.round(outcome.latencyMs))} ms`;
    return `${outcome.model} answered${latency}.`;
  }
  return `${outcome.model} did not answer: ${outcome.error ?? 'no reason given'}`;
}
