/**
 * The Settings tab's cards as a form, and the one `updateScoring` patch that
 * saves them (spec: Grading), a generated `ScoringInput`. The patch names only
 * the settings that changed; a list - the criteria, the default checks - and
 * a model choice are sent whole when anything in them changed, because a
 * value given replaces the stored one.
 */

import type { FieldProblem } from '../api/errors';
import { type CheckFormValue, checkFromForm, checkInputFromJson, checkJsonFromApi, checkToForm, newRowKey } from '../cases/checks';
import type { CheckInput, EmbeddingModelChoiceInput, ModelChoiceInput, ScoringFieldsFragment, ScoringInput, StructuredModelFieldsFragment } from '../gql/graphql';

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

/** A model on a saved connection (the API's `{connectionId, model}`). */
export interface ModelChoiceValue {
  modelConnectionId: string;
  model: string;
}

/** The API names a model's connection `connectionId`; the form, `modelConnectionId`. */
export const CONNECTION_FIELDS = {
  'judge.connectionId': 'judge.modelConnectionId',
  'structured.embeddingModel.connectionId': 'structured.embeddingModel.modelConnectionId',
  'structured.judgeModel.connectionId': 'structured.judgeModel.modelConnectionId',
};

/** The in-process MiniLM, as the form holds it (the API's `{local: true}`). */
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

/** A model choice as the API's typed fields give it (generated from the schema). */
export type StructuredModelLike = StructuredModelFieldsFragment;

/** The stored configuration as the API's typed fields give it (generated from the schema). */
export type ScoringLike = ScoringFieldsFragment;

function modelChoiceFromApi(choice: StructuredModelLike | null): ModelChoiceValue | null {
  // A connection id the API can no longer name still keeps its model, shown as no longer saved.
  return choice === null ? null : { modelConnectionId: choice.connectionId ?? '', model: choice.model };
}

export function gradingFormFromScoring(scoring: ScoringLike): GradingFormValues {
  const { judge, structured } = scoring;
  return {
    checks: { enabled: scoring.checks.enabled, mustPass: scoring.checks.mustPass, defaultChecks: scoring.checks.defaultChecks.map((check) => checkToForm(checkJsonFromApi(check)).value) },
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

function defaultCheckInputs(rows: readonly CheckFormValue[], problems: FieldProblem[]): CheckInput[] {
  return rows.map((row, index) => {
    const built = checkFromForm(row);
    for (const problem of built.problems) problems.push({ path: `checks.defaultChecks.${index}.${problem.path}`, message: problem.message });
    return checkInputFromJson(built.check);
  });
}

function embeddingModelInput(choice: ModelChoiceValue | typeof LOCAL_EMBEDDING_MODEL | null): EmbeddingModelChoiceInput | null {
  if (choice === null) return null;
  if (choice === LOCAL_EMBEDDING_MODEL) return { local: true };
  return { connectionId: choice.modelConnectionId, model: choice.model };
}

function modelChoiceInput(choice: ModelChoiceValue | null): ModelChoiceInput | null {
  return choice === null ? null : { connectionId: choice.modelConnectionId, model: choice.model };
}

type Sections = { [Section in keyof ScoringInput]-?: Record<string, unknown> };

/** Every setting of the form in the shape `ScoringInput` takes, for comparing and for sending. */
function settingsOf(values: GradingFormValues, problems: FieldProblem[]): Sections {
  const { judge, structured } = values;
  return {
    checks: { enabled: values.checks.enabled, mustPass: values.checks.mustPass, defaultChecks: defaultCheckInputs(values.checks.defaultChecks, problems) },
    toolCalls: { enabled: values.toolCalls.enabled, mustPass: values.toolCalls.mustPass },
    judge: {
      enabled: judge.enabled,
      mustPass: judge.mustPass,
      connectionId: judge.modelConnectionId,
      model: judge.model,
      instructions: judge.instructions,
      criteria: judge.criteria.map((row) => ({ id: row.id, text: row.text.trim() })),
      scale: judge.scale,
      passAt: judge.passAt,
    },
    reference: { enabled: values.reference.enabled, mustPass: values.reference.mustPass },
    structured: {
      enabled: structured.enabled,
      mustPass: structured.mustPass,
      strictness: structured.strictness,
      passAt: structured.passAt,
      embeddingModel: embeddingModelInput(structured.embeddingModel),
      judgeModel: modelChoiceInput(structured.judgeModel),
    },
  };
}

/**
 * The settings that differ between what is saved and what is on screen, as
 * one patch; `problems` names what cannot be sent (a schema that is not JSON).
 */
export function scoringPatch(saved: GradingFormValues, current: GradingFormValues): { patch: ScoringInput; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const before = settingsOf(saved, []);
  const after = settingsOf(current, problems);
  const patch: Record<string, Record<string, unknown>> = {};
  for (const [section, settings] of Object.entries(after) as [keyof Sections, Record<string, unknown>][]) {
    const changed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(settings)) {
      if (JSON.stringify(value) !== JSON.stringify(before[section][name])) changed[name] = value;
    }
    if (Object.keys(changed).length > 0) patch[section] = changed;
  }
  return { patch: patch as ScoringInput, problems };
}

/**
 * Numbers the API types: one that is not a number (a field left empty) cannot
 * be sent, so it is named here, as the API would name it.
 */
export function numberProblems(values: GradingFormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const fraction = (value: unknown, path: string) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) problems.push({ path, message: 'must be a number from 0 to 1' });
  };
  const whole = (value: unknown, path: string) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) problems.push({ path, message: 'must be a whole number' });
  };
  whole(values.judge.scale, 'judge.scale');
  whole(values.judge.passAt, 'judge.passAt');
  fraction(values.structured.strictness, 'structured.strictness');
  fraction(values.structured.passAt, 'structured.passAt');
  return problems;
}

/**
 * Which card a change is on: **When a case passes** (checks, tool calls),
 * **Judge** (the judge, the reference) or **Structured reference**.
 */
export function changedCards(patch: ScoringInput): { passes: boolean; judge: boolean; structured: boolean } {
  return { passes: 'checks' in patch || 'toolCalls' in patch, judge: 'judge' in patch || 'reference' in patch, structured: 'structured' in patch };
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
