/**
 * The Generate cases dialog's choices: the agent the cases test, the sources
 * and the count. The estimate is held for exactly the choices it was made for
 * (evalChoices' estimate state, keyed by `generationKey`), so changing the
 * agent, the sources or the count throws it away and Generate waits for a new
 * one.
 */
import type { FieldProblem } from '../api/errors';

export type GenerationSource = 'agent' | 'knowledge' | 'chats' | 'red_team';

/** The seed's table, in its order: the order the API shares the remainder in. */
export const GENERATION_SOURCES: readonly { value: GenerationSource; label: string; description: string }[] = [
  { value: 'agent', label: 'From the agent', description: 'Typical requests and edge cases, from its instructions, skills and tools.' },
  { value: 'knowledge', label: 'From knowledge', description: 'Questions its knowledge bases answer, each linking its document.' },
  { value: 'chats', label: 'From chats', description: 'Paraphrases and harder variants of what people asked it, rated-down answers first.' },
  { value: 'red_team', label: 'Red team', description: 'Requests it must refuse: out of scope, prompt injection, personal data, policy evasion.' },
];

export const COUNT = { min: 1, max: 50, default: 10 } as const;

/** Chats paraphrase what people asked: reading them needs the permission Activity reads every run with. */
export const CHATS_PERMISSION = 'runs:view';
export const CHATS_NEEDS_PERMISSION = 'Drafting from chats needs permission to view runs (runs:view).';

export interface GenerationChoices {
  agentId: string | null;
  sources: GenerationSource[];
  count: number;
}

export function defaultGenerationChoices(): GenerationChoices {
  return { agentId: null, sources: ['agent'], count: COUNT.default };
}

export function sourceName(source: string): string {
  return GENERATION_SOURCES.find((entry) => entry.value === source)?.label ?? source;
}

/** The sources in the table's order without repeats, so equal choices send equal inputs. */
export function orderedSources(sources: readonly string[]): GenerationSource[] {
  return GENERATION_SOURCES.map((entry) => entry.value).filter((value) => sources.includes(value));
}

/**
 * How many cases each source is asked for: shared evenly, the first sources
 * in the table's order taking the remainder - what the dialog shows before
 * the estimate says it for certain.
 */
export function splitCount(count: number, sources: readonly string[]): { source: GenerationSource; cases: number }[] {
  const ordered = orderedSources(sources);
  if (ordered.length === 0 || !Number.isInteger(count) || count < 1) return [];
  const share = Math.floor(count / ordered.length);
  const remainder = count % ordered.length;
  return ordered.map((source, index) => ({ source, cases: share + (index < remainder ? 1 : 0) }));
}

/** The split in words: "4 from the agent, 3 red team". */
export function splitWords(count: number, sources: readonly string[]): string {
  return splitCount(count, sources)
    .map(({ source, cases }) => `${cases} ${sourceName(source).toLowerCase()}`)
    .join(', ');
}

/** What keeps these choices from being estimated, each naming its field as the API would. */
export function generationProblems(choices: GenerationChoices): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (choices.agentId === null) problems.push({ path: 'agentId', message: 'Choose the agent the cases test.' });
  if (choices.sources.length === 0) problems.push({ path: 'sources', message: 'Choose at least one source.' });
  if (!Number.isInteger(choices.count) || choices.count < COUNT.min || choices.count > COUNT.max) {
    problems.push({ path: 'count', message: `Ask for a whole number of cases from ${COUNT.min} to ${COUNT.max}.` });
  } else if (choices.count < choices.sources.length) {
    problems.push({ path: 'count', message: `Ask for at least one case per source: ${choices.sources.length} or more.` });
  }
  return problems;
}

export interface GenerationInput {
  datasetId: string;
  agentId: string;
  sources: GenerationSource[];
  count: number;
  /** The tag every case is written for and tagged with (Coverage's Generate for this gap). */
  focusTag?: string;
}

/**
 * The API's arguments for these choices, or null while no agent is chosen;
 * `focusTag` only when the dialog was opened for a gap's tag.
 */
export function generationInput(datasetId: string, choices: GenerationChoices, focusTag?: string): GenerationInput | null {
  if (choices.agentId === null) return null;
  const input: GenerationInput = { datasetId, agentId: choices.agentId, sources: orderedSources(choices.sources), count: choices.count };
  return focusTag === undefined ? input : { ...input, focusTag };
}

/** Equal for two sets of choices that make the same generation: what an estimate is held against. */
export function generationKey(choices: GenerationChoices): string {
  return JSON.stringify([choices.agentId, orderedSources(choices.sources), choices.count]);
}

/** Whether the person has chosen anything the dialog did not open with: leaving then asks first. */
export function generationChoicesChanged(opened: GenerationChoices, now: GenerationChoices): boolean {
  return generationKey(opened) !== generationKey(now);
}
