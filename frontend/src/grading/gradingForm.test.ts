import { describe, expect, it } from 'vitest';
import { emptyCheck } from '../cases/checks';
import { changedCards, gradingFingerprint, gradingFormFromScoring, isYesNo, newCriterionId, readsAsQuestion, type ScoringLike, scoringPatch } from './gradingForm';

const saved: ScoringLike = {
  checks: { enabled: true, mustPass: true, defaultChecks: [{ type: 'length', max: 200, unit: 'words' }] },
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
  },
  reference: { enabled: false, mustPass: true },
};

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
    expect(scoringPatch(before, after).patch).toEqual({ tool_calls: { must_pass: false }, judge: { scale: 5 }, reference: { enabled: true } });
  });

  it('sends a changed list whole', () => {
    const before = gradingFormFromScoring(saved);
    const after = gradingFormFromScoring(saved);
    after.judge.criteria.push({ key: 'k', id: 'short', text: ' Is it under 100 words? ' });
    after.checks.defaultChecks.push({ ...emptyCheck('contains'), value: 'refund' });
    expect(scoringPatch(before, after).patch).toEqual({
      checks: { default_checks: [{ type: 'length', max: 200, unit: 'words' }, { type: 'contains', value: 'refund' }] },
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
    expect(scoringPatch(gradingFormFromScoring(saved), after).problems.map((problem) => problem.path)).toEqual(['checks.default_checks.1.schema']);
  });

  it('changes the model and its connection together', () => {
    const after = gradingFormFromScoring(saved);
    after.judge.modelConnectionId = 'TW9kZWxDb25uZWN0aW9uOjI=';
    after.judge.model = 'claude-haiku';
    expect(scoringPatch(gradingFormFromScoring(saved), after).patch).toEqual({
      judge: { model_connection_id: 'TW9kZWxDb25uZWN0aW9uOjI=', model: 'claude-haiku' },
    });
  });
});

describe('changedCards', () => {
  it('says which card holds a change', () => {
    expect(changedCards({})).toEqual({ passes: false, judge: false });
    expect(changedCards({ tool_calls: {} })).toEqual({ passes: true, judge: false });
    expect(changedCards({ reference: {} })).toEqual({ passes: false, judge: true });
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
