/**
 * An agent version as the console names it: its number and, for a local
 * agent, the label its client named it by (a commit, a branch, a build):
 * "v3 · a1b2c3d". A full commit hash is shown as git shortens it; any other
 * long label is cut, the whole of it kept for a tooltip.
 */

const COMMIT_HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/i;
const SHORT_HASH = 7;
export const LABEL_SHOWN_MAX = 32;

/** The label as shown: a full SHA-1 or SHA-256 commit hash as its first 7 characters, any label over 32 characters cut with an ellipsis. */
export function shortLabel(label: string): string {
  const trimmed = label.trim();
  if (COMMIT_HASH.test(trimmed)) return trimmed.slice(0, SHORT_HASH);
  const characters = [...trimmed];
  return characters.length > LABEL_SHOWN_MAX ? `${characters.slice(0, LABEL_SHOWN_MAX - 1).join('')}…` : trimmed;
}

/** Whether the label shown leaves part of the label out, so the whole of it belongs in a tooltip. */
export function labelShortened(label: string): boolean {
  return shortLabel(label) !== label.trim();
}

/** "v3 · a1b2c3d", or "v3" for a version without a label or labelled "v3" itself. */
export function versionName(number: number | string, label?: string | null): string {
  const shown = label ? shortLabel(label) : '';
  const name = `v${number}`;
  return shown && shown.toLowerCase() !== name ? `${name} · ${shown}` : name;
}

/** "Support bot v3 · a1b2c3d". */
export function agentAtVersion(name: string, number: number | string, label?: string | null): string {
  return `${name} ${versionName(number, label)}`;
}

/** A run's agents in a line: "Support bot v2, Local bot v3 · a1b2c3d". */
export function agentsAtVersions(agents: readonly { agentName: string; agentVersion: number; versionLabel?: string | null }[]): string {
  return agents.map((agent) => agentAtVersion(agent.agentName, agent.agentVersion, agent.versionLabel)).join(', ');
}

export interface LabelledVersion {
  agentName: string;
  agentVersion: number | string;
  versionLabel?: string | null;
}

/**
 * The label of each agent version some runs answered with, looked up by the
 * agent's name and version number: all a score names its version by.
 */
export function versionLabels(agents: readonly LabelledVersion[]): (agentName: string | null | undefined, version: number | string | null | undefined) => string | null {
  const key = (name: string, version: number | string) => `${name}\u0000${String(version)}`;
  const labels = new Map(agents.flatMap((agent) => (agent.versionLabel ? [[key(agent.agentName, agent.agentVersion), agent.versionLabel] as const] : [])));
  return (name, version) => (name && version !== null && version !== undefined ? (labels.get(key(name, version)) ?? null) : null);
}
