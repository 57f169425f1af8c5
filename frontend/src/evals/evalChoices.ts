/**
 * The start dialog's choices and the estimate they were priced at. The
 * estimate comes first: a run starts only with the confirmation of an
 * estimate made for exactly the choices on screen, so changing any choice
 * puts the estimate away and Start waits for a new one.
 */
import type { FieldProblem } from '../api/errors';
import type { EvalRunInput } from '../gql/graphql';

export const AGENTS_MAX = 5;
export const REPETITIONS = { min: 1, max: 10 } as const;
export const CONCURRENCY = { min: 1, max: 64, default: 8 } as const;
export const CONFIRM_FLIPS = { min: 0, max: 200, default: 20 } as const;
export const VERSION_LABEL_MAX = 200;

export interface EvalChoices {
  /** The dataset version the run answers; the newest when the dialog opens. */
  version: number;
  agentIds: string[];
  repetitions: number;
  /** Only cases carrying at least one of these tags; none: every case. */
  tags: string[];
  concurrency: number;
  /** An earlier run to compare with and confirm flips against. */
  baselineRunId: string | null;
  confirmFlips: number;
  /** Stop cleanly once this is spent; null: no budget. */
  budgetUsd: number | null;
  /** The version a local agent's code answers with (a commit, a branch); empty: its newest version. Sent only when a local agent is chosen. */
  versionLabel: string;
}

export function defaultChoices(latestVersion: number, preselectedAgentIds: readonly string[] = []): EvalChoices {
  return {
    version: latestVersion,
    agentIds: [...preselectedAgentIds].slice(0, AGENTS_MAX),
    repetitions: 1,
    tags: [],
    concurrency: CONCURRENCY.default,
    baselineRunId: null,
    confirmFlips: CONFIRM_FLIPS.default,
    budgetUsd: null,
    versionLabel: '',
  };
}

function wholeIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** What keeps these choices from being estimated, each naming its field as the API would. */
export function choiceProblems(choices: EvalChoices, latestVersion: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (latestVersion < 1) problems.push({ path: 'version', message: 'The dataset has no case yet: add one before testing an agent.' });
  else if (!wholeIn(choices.version, 1, latestVersion)) problems.push({ path: 'version', message: `Choose a version from 1 to ${latestVersion}.` });
  if (choices.agentIds.length === 0) problems.push({ path: 'agentIds', message: 'Choose at least one agent.' });
  else if (choices.agentIds.length > AGENTS_MAX) problems.push({ path: 'agentIds', message: `At most ${AGENTS_MAX} agents are compared side by side.` });
  if (!wholeIn(choices.repetitions, REPETITIONS.min, REPETITIONS.max)) {
    problems.push({ path: 'repetitions', message: `Repetitions are a whole number from ${REPETITIONS.min} to ${REPETITIONS.max}.` });
  }
  if (!wholeIn(choices.concurrency, CONCURRENCY.min, CONCURRENCY.max)) {
    problems.push({ path: 'concurrency', message: `Answers in flight are a whole number from ${CONCURRENCY.min} to ${CONCURRENCY.max}.` });
  }
  if (!wholeIn(choices.confirmFlips, CONFIRM_FLIPS.min, CONFIRM_FLIPS.max)) {
    problems.push({ path: 'confirmFlips', message: `Flipped cases rerun are a whole number from ${CONFIRM_FLIPS.min} to ${CONFIRM_FLIPS.max}.` });
  }
  if (choices.budgetUsd !== null && !(Number.isFinite(choices.budgetUsd) && choices.budgetUsd > 0)) {
    problems.push({ path: 'budgetUsd', message: 'A budget is an amount in dollars above zero, or none.' });
  }
  if ([...choices.versionLabel.trim()].length > VERSION_LABEL_MAX) {
    problems.push({ path: 'versionLabel', message: `A version label is at most ${VERSION_LABEL_MAX} characters, such as a commit or a branch.` });
  }
  return problems;
}

/**
 * The API's input for these choices: agents and tags sorted and without
 * repeats, so equal choices give equal inputs. A version label goes only with
 * a local agent among the agents (`withLocalAgent`): the API refuses it otherwise.
 */
export function evalRunInput(datasetId: string, choices: EvalChoices, withLocalAgent = false): EvalRunInput {
  const tags = [...new Set(choices.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))].sort();
  const versionLabel = withLocalAgent ? choices.versionLabel.trim() : '';
  return {
    datasetId,
    version: choices.version,
    agentIds: [...new Set(choices.agentIds)].sort(),
    repetitions: choices.repetitions,
    tags: tags.length > 0 ? tags : null,
    concurrency: choices.concurrency,
    baselineRunId: choices.baselineRunId,
    confirmFlips: choices.confirmFlips,
    budgetUsd: choices.budgetUsd,
    ...(versionLabel ? { versionLabel } : {}),
  };
}

/** Equal for two sets of choices that make the same run: what an estimate is held against. */
export function choicesKey(input: EvalRunInput): string {
  const { datasetId, version, agentIds, repetitions, tags, concurrency, baselineRunId, confirmFlips, budgetUsd, versionLabel } = input;
  return JSON.stringify([
    datasetId,
    version ?? null,
    agentIds,
    repetitions ?? 1,
    tags ?? null,
    concurrency ?? CONCURRENCY.default,
    baselineRunId ?? null,
    confirmFlips ?? CONFIRM_FLIPS.default,
    budgetUsd ?? null,
    versionLabel ?? null,
  ]);
}

/** Whether the person has chosen anything the dialog did not open with: leaving then asks first. */
export function choicesChanged(opened: EvalChoices, now: EvalChoices): boolean {
  return choicesKey(evalRunInput('', opened, true)) !== choicesKey(evalRunInput('', now, true));
}

/**
 * The estimate's state: none asked, being asked for some choices, or the answer for some choices.
 * `I` is what the estimate was asked with (the eval run's input; a generation's choices use it too).
 */
export type EstimateState<E, P, I = EvalRunInput> =
  | { kind: 'none' }
  | { kind: 'asking'; key: string }
  | { kind: 'ready'; key: string; input: I; estimate: E }
  | { kind: 'failed'; key: string; problem: P };

export type EstimateAction<E, P, I = EvalRunInput> =
  | { type: 'ask'; key: string }
  | { type: 'answered'; key: string; input: I; estimate: E }
  | { type: 'refused'; key: string; problem: P }
  | { type: 'clear' };

/** An answer for choices no longer being asked about (the person changed one meanwhile) is dropped. */
export function estimateReducer<E, P, I = EvalRunInput>(state: EstimateState<E, P, I>, action: EstimateAction<E, P, I>): EstimateState<E, P, I> {
  switch (action.type) {
    case 'ask':
      return { kind: 'asking', key: action.key };
    case 'answered':
      return state.kind === 'asking' && state.key === action.key ? { kind: 'ready', key: action.key, input: action.input, estimate: action.estimate } : state;
    case 'refused':
      return state.kind === 'asking' && state.key === action.key ? { kind: 'failed', key: action.key, problem: action.problem } : state;
    case 'clear':
      return { kind: 'none' };
  }
}

/** What the dialog shows for the choices on screen: an estimate made for other choices is as good as none. */
export function estimateFor<E, P, I = EvalRunInput>(state: EstimateState<E, P, I>, key: string): EstimateState<E, P, I> {
  return state.kind !== 'none' && state.key !== key ? { kind: 'none' } : state;
}

/** What Start would send, or null while there is no estimate for the choices on screen. */
export function startable<E extends { confirmation: string }, P>(state: EstimateState<E, P>, key: string): { input: EvalRunInput; confirmation: string } | null {
  const shown = estimateFor(state, key);
  return shown.kind === 'ready' ? { input: shown.input, confirmation: shown.estimate.confirmation } : null;
}
