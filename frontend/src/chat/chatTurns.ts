/** A conversation's messages as the chat shows them: each question with the reply that answered it. */
import type { RunDetailFieldsFragment } from '../gql/graphql';

export interface ChatMessage {
  id: string;
  role: 'USER' | 'AGENT';
  content: string;
  run?: RunDetailFieldsFragment | null;
}

export interface ChatTurn {
  key: string;
  /** Null when the agent spoke first. */
  question: string | null;
  run: RunDetailFieldsFragment | null;
  /** How many turns came before this question. */
  earlierTurns: number;
}

export function chatTurns(messages: readonly ChatMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const message of messages) {
    const last = turns[turns.length - 1];
    if (message.role === 'USER') {
      turns.push({ key: message.id, question: message.content, run: null, earlierTurns: turns.length });
    } else if (last && last.run === null) {
      last.run = message.run ?? null;
    } else {
      turns.push({ key: message.id, question: null, run: message.run ?? null, earlierTurns: turns.length });
    }
  }
  return turns;
}
