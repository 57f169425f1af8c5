import { describe, expect, it } from 'vitest';
import { formPathsOf, placeFieldErrors } from '../api/formErrors';
import { emptyCheck } from '../cases/checks';
import { apiCheck } from '../cases/testChecks';
import {
  CONNECTION_FIELDS,
  changedCards,
  embeddingThreshold,
  gradingFingerprint,
  gradingFormFromDraft,
  gradingFormFromScoring,
  type GradingFormValues,
  isYesNo,
  LOCAL_EMBEDDING_MODEL,
  newCriterionId,
  numberProblems,
  readsAsQuestion,
  type ScoringLike,
  scoringPatch,
} from './gradingForm';

const saved: ScoringLike = {
  checks: { enabled: true, mustPass: true, defaultChecks: [apiCheck({ type: 'length', max: 200, unit: 'words' })] },
  toolCalls: { enabled: true, mustPass: true },
  judge: {
    enabled: true,
    mustPass: true,
    connectionId: 'TW9kZWxDb25uZWN0aW9uOjE=',
    model: 'gpt-4o-mini',
    instructions: 'Grade **strictly**.',
    criteria: [{ id: 'polite', text: 'Is the answer polite?' }],
    scale: 2,
    passAt: 2,
    yesNoGrading: false,
  },
  reference: { enabled: false, mustPass: true },
  structured: { enabled: false, mustPass: false, strictness: 0.5, passAt: 0.8, exactOnlyNotice: null, localEmbeddingsInstalled: false, embeddingModel: null, judgeModel: null },
};

const CONNECTION = 'TW9kZWxDb25uZWN0aW9uOjE=';

describe('scoringPatch', () => {
  it('is empty when nothing changed', () => {
    expect(scoringPatch(gradingFormFromScoring(saved), gradingFormFromScoring(saved))).toEqual({ patch: {}, problems: [] });
  });

  it('names only the settings that changed, in the API’s spelling', () => {
    const before = gradingFormFromScoring(saved);
    const after = gradingFormFromScoring(saved);
    after.reference.enabled = true;
    after.toolCalls.mustPass = false;
    after.judge.passAt = 2;
    after.judge.scale = 5;
    expect(scoringPatch(before, after).patch).toEqual({ toolCalls: { mustPass: false }, judge: { scale: 5 }, reference: { enabled: true } });
  });

  it('sends a changed list whole', () => {
    const before = gradingFormFromScoring(saved);
    const after = gradingFormFromScoring(saved);
    after.judge.criteria.push({ key: 'k', id: 'short', text: ' Is it under 100 words? ' });
    after.checks.defaultChecks.push({ ...emptyCheck('contains'), value: 'refund' });
    expect(scoringPatch(before, after).patch).toEqual({
      checks: { defaultChecks: [{ length: { max: 200, unit: 'WORDS' } }, { contains: { value: 'refund' } }] },
      judge: {
        criteria: [
          { id: 'polite', text: 'Is the answer polite?' },
          { id: 'short', text: 'Is it under 100 words?' },
        ],
      },
    });
  });

  it('names a default check it cannot send by its setting path', () => {
    const after = gradingFormFromScoring(saved);
    after.checks.defaultChecks.push({ ...emptyCheck('json_schema'), schema: '{' });
    expect(scoringPatch(gradingFormFromScoring(saved), after).problems.map((problem) => problem.path)).toEqual(['checks.defaultChecks.1.schema']);
  });

  it('changes the model and its connection together', () => {
    const after = gradingFormFromScoring(saved);
    after.judge.modelConnectionId = 'TW9kZWxDb25uZWN0aW9uOjI=';
    after.judge.model = 'claude-haiku';
    expect(scoringPatch(gradingFormFromScoring(saved), after).patch).toEqual({
      judge: { connectionId: 'TW9kZWxDb25uZWN0aW9uOjI=', model: 'claude-haiku' },
    });
  });
});

describe('the structured reference in the patch', () => {
  it('sends what changed under the structured key, in the API’s spelling', () => {
    const after = gradingFormFromScoring(saved);
    after.structured.enabled = true;
    after.structured.strictness = 0.7;
    after.structured.passAt = 0.9;
    expect(scoringPatch(gradingFormFromScoring(saved), after).patch).toEqual({ structured: { enabled: true, strictness: 0.7, passAt: 0.9 } });
  });

  it.each([
    ['the local MiniLM', LOCAL_EMBEDDING_MODEL, { local: true }],
    ['a model of a saved connection', { modelConnectionId: CONNECTION, model: 'text-embedding-3-small' }, { connectionId: CONNECTION, model: 'text-embedding-3-small' }],
  ] as const)('names %s as the embedding model', (_, chosen, sent) => {
    const after = gradingFormFromScoring(saved);
    after.structured.embeddingModel = chosen;
    expect(scoringPatch(gradingFormFromScoring(saved), after).patch).toEqual({ structured: { embeddingModel: sent } });
  });

  it('sends null to clear a model: no embedding model, no judge', () => {
    const stored: ScoringLike = {
      ...saved,
      structured: {
        ...saved.structured,
        embeddingModel: { local: true, connectionId: null, model: 'all-MiniLM-L6-v2' },
        judgeModel: { local: false, connectionId: CONNECTION, model: 'gpt-4o-mini' },
      },
    };
    const before = gradingFormFromScoring(stored);
    expect(before.structured.embeddingModel).toBe(LOCAL_EMBEDDING_MODEL);
    expect(before.structured.judgeModel).toEqual({ modelConnectionId: CONNECTION, model: 'gpt-4o-mini' });
    const after = gradingFormFromScoring(stored);
    after.structured.embeddingModel = null;
    after.structured.judgeModel = null;
    expect(scoringPatch(before, after).patch).toEqual({ structured: { embeddingModel: null, judgeModel: null } });
  });

  it('sends a changed model choice whole', () => {
    const stored: ScoringLike = { ...saved, structured: { ...saved.structured, judgeModel: { local: false, connectionId: CONNECTION, model: 'gpt-4o-mini' } } };
    const after = gradingFormFromScoring(stored);
    after.structured.judgeModel = { modelConnectionId: CONNECTION, model: 'gpt-4o' };
    expect(scoringPatch(gradingFormFromScoring(stored), after).patch).toEqual({ structured: { judgeModel: { connectionId: CONNECTION, model: 'gpt-4o' } } });
  });

  it.each([
    ['structured.strictness', 'structured.strictness'],
    ['structured.passAt', 'structured.passAt'],
    ['structured.mustPass', 'structured.mustPass'],
    ['structured.embeddingModel', 'structured.embeddingModel'],
    ['structured.judgeModel.connectionId', 'structured.judgeModel.modelConnectionId'],
    ['structured.judgeModel.model', 'structured.judgeModel.model'],
    ['judge.connectionId', 'judge.modelConnectionId'],
    ['checks.defaultChecks.0.length.max', 'checks.defaultChecks.0.max'],
    ['structured.bogus', 'structured'],
  ])('puts the API’s %s on the form’s %s', (apiPath, formPath) => {
    const form = gradingFormFromScoring({ ...saved, structured: { ...saved.structured, judgeModel: { local: false, connectionId: CONNECTION, model: 'gpt-4o-mini' } } });
    const placed = placeFieldErrors([{ path: apiPath, message: 'must be a number from 0 to 1' }], formPathsOf(form), CONNECTION_FIELDS);
    expect(placed.byField).toEqual({ [formPath]: 'must be a number from 0 to 1' });
  });

  it('reads a change kept before the structured scorer existed as leaving it as saved', () => {
    const current = gradingFormFromScoring(saved);
    const older: Partial<GradingFormValues> = { checks: current.checks, toolCalls: { enabled: true, mustPass: false }, judge: current.judge, reference: current.reference };
    const restored = gradingFormFromDraft(older, current);
    expect(restored.structured).toEqual(current.structured);
    expect(scoringPatch(current, restored).patch).toEqual({ toolCalls: { mustPass: false } });
  });

  it('raises the similarity threshold with strictness, as the API documents it', () => {
    expect([0, 0.5, 1].map((strictness) => Number(embeddingThreshold(strictness).toFixed(2)))).toEqual([0.75, 0.85, 0.95]);
  });
});

describe('numberProblems', () => {
  it('names a number left empty, as the API names the setting', () => {
    const form = gradingFormFromScoring(saved);
    expect(numberProblems(form)).toEqual([]);
    const emptied = { ...form, structured: { ...form.structured, passAt: '' as unknown as number }, judge: { ...form.judge, scale: 2.5 } };
    expect(numberProblems(emptied)).toEqual([
      { path: 'judge.scale', message: 'must be a whole number' },
      { path: 'structured.passAt', message: 'must be a number from 0 to 1' },
    ]);
  });
});

describe('changedCards', () => {
  it('says which card holds a change', () => {
    expect(changedCards({})).toEqual({ passes: false, judge: false, structured: false });
    expect(changedCards({ toolCalls: {} })).toEqual({ passes: true, judge: false, structured: false });
    expect(changedCards({ reference: {} })).toEqual({ passes: false, judge: true, structured: false });
    expect(changedCards({ structured: {} })).toEqual({ passes: false, judge: false, structured: true });
  });
});

describe('newCriterionId', () => {
  it.each([
    ['Is the answer under 100 words?', [], 'is-the-answer-under-100-words'],
    ['Is the answer polite?', ['is-the-answer-polite'], 'is-the-answer-polite-2'],
    ['Is the answer polite?', ['is-the-answer-polite', 'is-the-answer-polite-2'], 'is-the-answer-polite-3'],
    ['¿¿??', [], 'criterion'],
    ['Reference', [], 'criterion'],
    ['Does it refuse and not reveal the customer’s home address or phone number?', [], 'does-it-refuse-and-not-reveal-the-custom'],
  ])('%j with %j taken is %j', (text, taken, id) => {
    expect(newCriterionId(text, taken)).toBe(id);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('small rules', () => {
  it('reads yes/no grading as a scale of 2 passing at 2', () => {
    expect(isYesNo({ scale: 2, passAt: 2 })).toBe(true);
    expect(isYesNo({ scale: 5, passAt: 4 })).toBe(false);
  });

  it('asks for criteria phrased as questions', () => {
    expect(readsAsQuestion('Is the answer polite? ')).toBe(true);
    expect(readsAsQuestion('Polite tone')).toBe(false);
  });

  it('fingerprints the form whatever its row keys', () => {
    expect(gradingFingerprint(gradingFormFromScoring(saved))).toBe(gradingFingerprint(gradingFormFromScoring(saved)));
  });
});
