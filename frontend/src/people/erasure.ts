/**
 * Erasing a person, in the console's words: who is chosen (a member or an
 * end user an integrator named), and how far the erasure job has come.
 */

import { countOf } from '../common/count';

export type PersonChoice = { kind: 'member'; memberId: string | null } | { kind: 'endUser'; name: string };

/** The API's PersonInput for a choice, or why it cannot be sent yet. */
export function personInput(choice: PersonChoice): { input: { memberId: string } | { endUser: string } } | { missing: string } {
  if (choice.kind === 'member') {
    return choice.memberId ? { input: { memberId: choice.memberId } } : { missing: 'Choose a member.' };
  }
  const name = choice.name.trim();
  if (!name) return { missing: 'Type the name the integration gave this person.' };
  if (name.length > 200) return { missing: 'A name has at most 200 characters.' };
  return { input: { endUser: name } };
}

export type ErasurePhase = 'cases' | 'history' | 'runs' | 'conversations' | 'finished';

export const PHASE_WORDS: Record<ErasurePhase, string> = {
  cases: 'Anonymising the cases they asked',
  history: 'Taking their turns out of cases others asked',
  runs: 'Clearing score answer copies, ratings and their name',
  conversations: 'Deleting their conversations',
  finished: 'Finished',
};

export interface ErasureProgress {
  phase: ErasurePhase;
  done: number;
  total: number;
  /** 0 to 100. */
  percent: number;
  casesAnonymised: number;
  casesWithTurnsErased: number;
  conversationsRemoved: number;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The erasure job's `result` as progress; null before the worker has reported. */
export function erasureProgress(result: unknown): ErasureProgress | null {
  if (!result || typeof result !== 'object') return null;
  const raw = result as Record<string, unknown>;
  const phase = typeof raw.phase === 'string' && raw.phase in PHASE_WORDS ? (raw.phase as ErasurePhase) : null;
  if (!phase) return null;
  const total = count(raw.total);
  const done = Math.min(count(raw.done), total);
  const percent = phase === 'finished' ? 100 : total === 0 ? 0 : Math.round((done / total) * 100);
  return {
    phase,
    done,
    total,
    percent,
    casesAnonymised: count(raw.cases_anonymised),
    casesWithTurnsErased: count(raw.cases_with_turns_erased),
    conversationsRemoved: count(raw.conversations_removed),
  };
}

/** One line of what the finished erasure did. */
export function erasureSummary(progress: ErasureProgress): string {
  return [
    `${countOf(progress.casesAnonymised, 'case', 'cases')} anonymised`,
    `${countOf(progress.casesWithTurnsErased, 'case', 'cases')} of others cleaned of their turns`,
    `${countOf(progress.conversationsRemoved, 'conversation', 'conversations')} deleted`,
  ].join(', ');
}

/** Retention as typed: a whole number of days from 1 to 36,500, or empty for none. */
export function retentionDays(text: string | number): { days: number | null } | { problem: string } {
  if (text === '' || text === null) return { days: null };
  const days = typeof text === 'number' ? text : Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) return { problem: 'Give a whole number of days from 1 to 36,500, or leave it empty to keep conversations.' };
  return { days };
}
