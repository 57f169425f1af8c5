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

/** An agent's name as a list mixing kinds shows it: "Support bot (webhook)". */
export function agentNameWithKind(name: string, kind: AgentKind): string {
  const suffix = KIND_WORDS[kind].suffix;
  return suffix ? `${name} (${suffix})` : name;
}

/** Whether Casebook can call the agent itself: a chat needs that; a local agent is answered only by its own code. */
export function casebookCalls(kind: AgentKind): boolean {
  return kind !== 'LOCAL';
}
