/**
 * What an API key may carry: the catalog permissions, said in words, and the presets
 * the console offers. A key's scopes only narrow its issuer's role, so a preset offers
 * only what the issuer holds.
 */

export const SCOPE_WORDS: Record<string, string> = {
  'datasets:view': 'Read datasets, their cases and versions, and export them',
  'datasets:edit': 'Create datasets, change cases, import, delete, share',
  'datasets:run': 'Run evals over datasets',
  'runs:view': 'Read runs, their answers, scores and comparisons',
  'agents:view': 'Read agents and knowledge bases',
  'agents:edit': 'Create and change agents and knowledge bases',
  'agents:run': 'Run agents: chat, answer eval work',
  'connections:manage': 'Add, test and delete model connections',
  'organization:manage': 'Members, other people’s keys, the audit log',
};

export interface KeyPreset {
  id: string;
  label: string;
  description: string;
  scopes: readonly string[];
}

/** Exactly what `casebook eval` needs (docs/test-from-ci.md): each refusal names the one missing. */
export const CI_GATE_SCOPES = ['runs:view', 'datasets:view', 'datasets:run', 'agents:view', 'agents:run'] as const;

export const KEY_PRESETS: readonly KeyPreset[] = [
  { id: 'ci-gate', label: 'CI gate', description: 'casebook eval in CI: start a run, answer its cases, read the gate', scopes: CI_GATE_SCOPES },
  { id: 'read-only', label: 'Read only', description: 'Reports and dashboards: datasets, runs and agents, nothing changed', scopes: ['datasets:view', 'runs:view', 'agents:view'] },
];

/** A preset the issuer may mint: every scope of it within their permissions; else why not. */
export function presetAvailability(preset: KeyPreset, held: readonly string[]): { available: true } | { available: false; missing: string[] } {
  const missing = preset.scopes.filter((scope) => !held.includes(scope));
  return missing.length === 0 ? { available: true } : { available: false, missing };
}

/** The scopes in catalog order, whatever order they were ticked in. */
export function orderedScopes(scopes: readonly string[]): string[] {
  const catalog = Object.keys(SCOPE_WORDS);
  return [...new Set(scopes)].sort((a, b) => catalog.indexOf(a) - catalog.indexOf(b));
}

export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

/** When a key chosen to last `choice` expires, from `now`; null: never. */
export function expiryFrom(choice: string, now: Date = new Date()): string | null {
  if (choice === 'never') return null;
  const days = Number(choice);
  if (!Number.isInteger(days) || days < 1) throw new Error(`not an expiry choice: ${choice}`);
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
