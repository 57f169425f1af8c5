import { agentsAtVersions } from '../agents/versionLabel';
import { formatWhen } from '../common/time';

export interface RunForChoice {
  datasetVersion: number;
  createdAt: string;
  agents: readonly { agentName: string; agentVersion: number; versionLabel?: string | null }[];
}

/** An earlier run as a choice to compare with: "Version 6 · Support bot v2, Local bot v3 · a1b2c3d · 2 hours ago". */
export function runChoiceLabel(run: RunForChoice, now: Date = new Date()): string {
  return `Version ${run.datasetVersion} · ${agentsAtVersions(run.agents)} · ${formatWhen(run.createdAt, now)}`;
}
