/** What each kind of agent is called, in one place: the badge, the kind filter, the forms and the run dialog. */
import type { AgentKind } from '../gql/graphql';

export interface KindWords {
  /** The badge and the kind filter: "Local (your code)". */
  badge: string;
  /** In a sentence: "a new local agent starts at version 1". */
  noun: string;
  /** Beside an agent's name where kinds are mixed, as in the run dialog's agent list; null for the usual kind. */
  suffix: string | null;
  /** Who answers, in a line. */
  answers: string;
}

export const KIND_WORDS: Record<AgentKind, KindWords> = {
  MODEL: { badge: 'Model', noun: 'model agent', suffix: null, answers: 'Casebook calls a saved model with instructions and tools' },
  WEBHOOK: { badge: 'Webhook', noun: 'webhook agent', suffix: 'webhook', answers: 'Your HTTPS endpoint answers, with its steps and tool calls' },
  LOCAL: { badge: 'Local (your code)', noun: 'local agent', suffix: 'local: your code', answers: 'Your own code answers where it runs: a laptop, a CI runner' },
};

/** The kinds in the order the console lists them. */
export const AGENT_KINDS: readonly AgentKind[] = ['MODEL', 'WEBHOOK', 'LOCAL'];

/** An agent's name as a list mixing kinds shows it: "Support bot (webhook)" - once, even when its name says it already. */
export function agentNameWithKind(name: string, kind: AgentKind): string {
  const suffix = KIND_WORDS[kind].suffix;
  if (!suffix) return name;
  const said = `(${suffix})`;
  return name.trimEnd().toLowerCase().endsWith(said.toLowerCase()) ? name : `${name} ${said}`;
}

/** What a list of agents to choose from says when nothing is in it, or nothing matches. */
export function noAgentMessage(agentCount: number): string {
  return agentCount === 0 ? 'No agent you may run yet: create one in Agents, or ask its owner to share it with you' : 'No agent you may run has that name';
}

/** Whether Casebook can call the agent itself: a chat needs that; a local agent is answered only by its own code. */
export function casebookCalls(kind: AgentKind): boolean {
  return kind !== 'LOCAL';
}
