/**
 * The Settings tab's cards as a form, and the one `updateScoring` patch that
 * saves them (spec: Grading). The patch names only the settings that changed,
 * in the API's snake_case; a list - the criteria, the default checks - and a
 * model choice are sent whole when anything in them changed, because a value
 * given replaces the stored one.
 */

import type { FieldProblem } from '../api/errors';
import { type CheckFormValue, checkFromForm, checkToForm, type JsonObject, newRowKey } from '../cases/checks';

export const YES_NO_SCALE = 2;
export const MAX_SCALE = 10;

export interface ScorerSwitch {
  enabled: boolean;
  mustPass: boolean;
}

export interface CriterionFormValue {
  key: string;
  /** Stable once saved: scores name the criterion by it. */
  id: string;
  text: string;
}

/** A model on a saved connection, in the form's spelling of the patch's `{model_connection_id, model}`. */
export interface ModelChoiceValue {
  modelConnectionId: string;
  model: string;
}

/** The in-process MiniLM, as the patch names it. */
export const LOCAL_EMBEDDING_MODEL = 'local:all-minilm-l6-v2';

/**
 * The structured reference scorer. An embedding model left null is the
 * organization's default, which is none yet: text is then compared by exact
 * matching only. A judge model left null is no judge.
 */
export interface StructuredFormValue extends ScorerSwitch {
  strictness: number;
  passAt: number;
  embeddingModel: ModelChoiceValue | typeof LOCAL_EMBEDDING_MODEL | null;
  judgeModel: ModelChoiceValue | null;
}

export interface GradingFormValues {
  checks: ScorerSwitch & { defaultChecks: CheckFormValue[] };
  toolCalls: ScorerSwitch;
  judge: ScorerSwitch & {
    modelConnectionId: string | null;
    model: string | null;
    instructions: string;
    criteria: CriterionFormValue[];
    scale: number;
    passAt: number;
  };
  reference: ScorerSwitch;
  structured: StructuredFormValue;
}

/** A model choice as the API's typed fields give it. */
export interface StructuredModelLike {
  local: boolean;
  connectionId: string | null;
  model: string;
}

/** The stored configuration as the API's typed fields give it. */
export interface ScoringLike {
  checks: ScorerSwitch & { defaultChecks: readonly unknown[] };
  toolCalls: ScorerSwitch;
  judge: ScorerSwitch & {
    connectionId: string | null;
    model: string | null;
    instructions: string;
    criteria: ReadonlyArray<{ id: string; text: string }>;
    scale: number;
    passAt: number;
  };
  reference: ScorerSwitch;
  structured: ScorerSwitch & { strictness: number; passAt: number; embeddingModel: StructuredModelLike | null; judgeModel: StructuredModelLike | null };
}

function modelChoiceFromApi(choice: StructuredModelLike | null): ModelChoiceValue | null {
  // A connection id the API can no longer name still keeps its model, shown as no longer saved.
  return choice === null ? null : { modelConnectionId: choice.connectionId ?? '', model: choice.model };
}

export function gradingFormFromScoring(scoring: ScoringLike): GradingFormValues {
  const { judge, structured } = scoring;
  return {
    checks: { enabled: scoring.checks.enabled, mustPass: scoring.checks.mustPass, defaultChecks: scoring.checks.defaultChecks.map((check) => checkToForm(check).value) },
    toolCalls: { enabled: scoring.toolCalls.enabled, mustPass: scoring.toolCalls.mustPass },
    judge: {
      enabled: judge.enabled,
      mustPass: judge.mustPass,
      modelConnectionId: judge.connectionId,
      model: judge.model,
      instructions: judge.instructions,
      criteria: judge.criteria.map((criterion) => ({ key: newRowKey('criterion'), id: criterion.id, text: criterion.text })),
      scale: judge.scale,
      passAt: judge.passAt,
    },
    reference: { enabled: scoring.reference.enabled, mustPass: scoring.reference.mustPass },
    structured: {
      enabled: structured.enabled,
      mustPass: structured.mustPass,
      strictness: structured.strictness,
      passAt: structured.passAt,
      embeddingModel: structured.embeddingModel?.local ? LOCAL_EMBEDDING_MODEL : modelChoiceFromApi(structured.embeddingModel),
      judgeModel: modelChoiceFromApi(structured.judgeModel),
    },
  };
}

/**
 * A change kept in this browser, whole again: a section the console did not
 * have when the change was kept (a scorer added since) reads as saved.
 */
export function gradingFormFromDraft(draft: Partial<GradingFormValues>, saved: GradingFormValues): GradingFormValues {
  return { ...saved, ...draft };
}

/**
 * The similarity two differently written values need to count as equal, as
 * the API documents it (`StructuredScorerSettings.embeddingThreshold`): higher
 * strictness, higher threshold.
 */
export function embeddingThreshold(strictness: number): number {
  return 0.75 + 0.2 * strictness;
}

/** A new criterion's id: a few words of its text, unique among the rest and never one the judge keeps for itself. */
export function newCriterionId(text: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const base = words === '' || words === 'reference' || words === 'counter_example' ? 'criterion' : words;
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function isYesNo(judge: Pick<GradingFormValues['judge'], 'scale' | 'passAt'>): boolean {
  return judge.scale === YES_NO_SCALE && judge.passAt === YES_NO_SCALE;
}

function defaultChecksJson(rows: readonly CheckFormValue[], problems: FieldProblem[]): JsonObject[] {
  return rows.map((row, index) => {
    const built = checkFromForm(row);
    for (const problem of built.problems) problems.push({ path: `checks.default_checks.${index}.${problem.path}`, message: problem.message });
    return built.check;
  });
}

function modelChoiceJson(choice: ModelChoiceValue | typeof LOCAL_EMBEDDING_MODEL | null): JsonObject | string | null {
  if (choice === null || typeof choice === 'string') return choice;
  return { model_connection_id: choice.modelConnectionId, model: choice.model };
}

function criteriaJson(rows: readonly CriterionFormValue[]): JsonObject[] {
  return rows.map((row) => ({ id: row.id, text: row.text.trim() }));
}

/** Every setting of the form in the patch's shape, for comparing and for sending. */
function settingsOf(values: GradingFormValues, problems: FieldProblem[]): Record<string, JsonObject> {
  const { judge, structured } = values;
  return {
    checks: { enabled: values.checks.enabled, must_pass: values.checks.mustPass, default_checks: defaultChecksJson(values.checks.defaultChecks, problems) },
    tool_calls: { enabled: values.toolCalls.enabled, must_pass: values.toolCalls.mustPass },
    judge: {
      enabled: judge.enabled,
      must_pass: judge.mustPass,
      model_connection_id: judge.modelConnectionId,
      model: judge.model,
      instructions: judge.instructions,
      criteria: criteriaJson(judge.criteria),
      scale: judge.scale,
      pass_at: judge.passAt,
    },
    reference: { enabled: values.reference.enabled, must_pass: values.reference.mustPass },
    structured: {
      enabled: structured.enabled,
      must_pass: structured.mustPass,
      strictness: structured.strictness,
      pass_at: structured.passAt,
      embedding_model: modelChoiceJson(structured.embeddingModel),
      judge_model: modelChoiceJson(structured.judgeModel),
    },
  };
}

/**
 * The settings that differ between what is saved and what is on screen, as
 * one patch; `problems` names what cannot be sent (a schema that is not JSON).
 */
export function scoringPatch(saved: GradingFormValues, current: GradingFormValues): { patch: JsonObject; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const before = settingsOf(saved, []);
  const after = settingsOf(current, problems);
  const patch: JsonObject = {};
  for (const [section, settings] of Object.entries(after)) {
    const changed: JsonObject = {};
    for (const [name, value] of Object.entries(settings)) {
      if (JSON.stringify(value) !== JSON.stringify(before[section]?.[name])) changed[name] = value;
    }
    if (Object.keys(changed).length > 0) patch[section] = changed;
  }
  return { patch, problems };
}

/**
 * Which card a change is on: **When a case passes** (checks, tool calls),
 * **Judge** (the judge, the reference) or **Structured reference**.
 */
export function changedCards(patch: JsonObject): { passes: boolean; judge: boolean; structured: boolean } {
  return { passes: 'checks' in patch || 'tool_calls' in patch, judge: 'judge' in patch || 'reference' in patch, structured: 'structured' in patch };
}

/** A stable text of the form, whatever its rows' keys, for telling whether anything changed. */
export function gradingFingerprint(values: GradingFormValues): string {
  const rawChecks = values.checks.defaultChecks.map((check) => [check.schema, check.value]);
  return JSON.stringify([settingsOf(values, []), rawChecks]);
}

/** Whether a criterion reads as a yes-or-no question, which a judge grades most consistently. */
export function readsAsQuestion(text: string): boolean {
  return text.trim().endsWith('?');
}
