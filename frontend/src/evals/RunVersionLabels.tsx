import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { VersionName } from '../agents/VersionName';
import { type LabelledVersion, versionLabels } from '../agents/versionLabel';

const Known = createContext<readonly LabelledVersion[]>([]);

/**
 * The agent versions the runs on screen answered with, and their labels: a
 * score names its version by number only, so what shows one (an answer, a
 * summary row) looks the label up here. A provider inside another adds to
 * what the outer one knows, as the comparison adds the run it compares with.
 */
export function RunVersionLabels({ agents, children }: { agents: readonly LabelledVersion[]; children: ReactNode }) {
  const outer = useContext(Known);
  const known = useMemo(() => [...outer, ...agents], [outer, agents]);
  return <Known.Provider value={known}>{children}</Known.Provider>;
}

/** The label of this agent version, when a run on screen names one. */
export function useVersionLabel(agentName: string | null | undefined, version: number | string | null | undefined): string | null {
  const known = useContext(Known);
  return useMemo(() => versionLabels(known), [known])(agentName, version);
}

/** An agent version of a run on screen as the console names it, "v3 · a1b2c3d", its label looked up. */
export function RunAgentVersion({ agentName, version }: { agentName: string; version: number | string }) {
  return <VersionName number={version} label={useVersionLabel(agentName, version)} />;
}
