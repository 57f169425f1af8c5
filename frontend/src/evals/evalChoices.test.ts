import { describe, expect, it } from 'vitest';
import {
  AGENTS_MAX,
  choiceProblems,
  choicesChanged,
  choicesKey,
  defaultChoices,
  type EstimateState,
  estimateFor,
  estimateReducer,
  evalRunInput,
  startable,
} from './evalChoices';

interface Estimate {
  confirmation: string;
  answers: number;
}
type State = EstimateState<Estimate, string>;

describe('the start dialog choices', () => {
  it('open on the newest version, one repetition, every case, eight answers in flight', () => {
    const choices = defaultChoices(7, ['a2']);
    expect(choices).toEqual({ version: 7, agentIds: ['a2'], repetitions: 1, tags: [], concurrency: 8, baselineRunId: null, confirmFlips: 20, budgetUsd: null, versionLabel: '' });
    expect(choiceProblems(choices, 7)).toEqual([]);
  });

  it('name each field out of bounds as the API names it', () => {
    const problems = choiceProblems({ ...defaultChoices(3), version: 4, agentIds: [], repetitions: 11, concurrency: 0, confirmFlips: 201, budgetUsd: 0 }, 3);
    expect(problems.map((problem) => problem.path)).toEqual(['version', 'agentIds', 'repetitions', 'concurrency', 'confirmFlips', 'budgetUsd']);
    expect(choiceProblems({ ...defaultChoices(3, ['a']), repetitions: 2.5 }, 3).map((p) => p.path)).toEqual(['repetitions']);
    expect(choiceProblems({ ...defaultChoices(3, ['a']), budgetUsd: Number.NaN }, 3).map((p) => p.path)).toEqual(['budgetUsd']);
  });

  it('refuse more agents than are compared side by side, and a dataset with no version', () => {
    const many = Array.from({ length: AGENTS_MAX + 1 }, (_, i) => `a${i}`);
    expect(choiceProblems({ ...defaultChoices(2), agentIds: many }, 2)[0]?.message).toMatch(/At most 5 agents/);
    expect(choiceProblems(defaultChoices(0, ['a']), 0)[0]).toEqual({ path: 'version', message: 'The dataset has no case yet: add one before testing an agent.' });
  });

  it('give equal inputs, and equal keys, for the same run chosen in another order', () => {
    const one = evalRunInput('d1', { ...defaultChoices(2), agentIds: ['b', 'a', 'b'], tags: ['refunds', ' billing ', ''] });
    const two = evalRunInput('d1', { ...defaultChoices(2), agentIds: ['a', 'b'], tags: ['billing', 'refunds'] });
    expect(one).toEqual(two);
    expect(one.agentIds).toEqual(['a', 'b']);
    expect(one.tags).toEqual(['billing', 'refunds']);
    expect(choicesKey(one)).toBe(choicesKey(two));
    expect(evalRunInput('d1', defaultChoices(2, ['a'])).tags).toBeNull();
  });

  it('key every choice that changes the run', () => {
    const base = { ...defaultChoices(2), agentIds: ['a'] };
    const key = choicesKey(evalRunInput('d', base));
    const changes = [
      { version: 1 },
      { agentIds: ['a', 'b'] },
      { repetitions: 3 },
      { tags: ['x'] },
      { concurrency: 9 },
      { baselineRunId: 'r1' },
      { confirmFlips: 0 },
      { budgetUsd: 5 },
    ];
    for (const change of changes) expect(choicesKey(evalRunInput('d', { ...base, ...change }))).not.toBe(key);
    expect(choicesKey(evalRunInput('other', base))).not.toBe(key);
  });

  it('send a version label only with a local agent, trimmed, and key it', () => {
    const labelled = { ...defaultChoices(2, ['local']), versionLabel: '  a1b2c3d ' };
    expect(evalRunInput('d', labelled, true).versionLabel).toBe('a1b2c3d');
    // Without a local agent the API would refuse the label: it is left out, and changes nothing.
    expect(evalRunInput('d', labelled)).not.toHaveProperty('versionLabel');
    expect(choicesKey(evalRunInput('d', labelled))).toBe(choicesKey(evalRunInput('d', defaultChoices(2, ['local']))));
    expect(evalRunInput('d', { ...labelled, versionLabel: '   ' }, true)).not.toHaveProperty('versionLabel');
    expect(choicesKey(evalRunInput('d', labelled, true))).not.toBe(choicesKey(evalRunInput('d', { ...labelled, versionLabel: 'main' }, true)));
  });

  it('refuse a version label over 200 characters, counted as characters rather than UTF-16 units', () => {
    const base = defaultChoices(2, ['local']);
    expect(choiceProblems({ ...base, versionLabel: 'x'.repeat(200) }, 2)).toEqual([]);
    expect(choiceProblems({ ...base, versionLabel: '🚀'.repeat(200) }, 2)).toEqual([]);
    expect(choiceProblems({ ...base, versionLabel: 'x'.repeat(201) }, 2).map((problem) => problem.path)).toEqual(['versionLabel']);
  });

  it('count as changed only what the dialog did not open with', () => {
    const opened = defaultChoices(4, ['a']);
    expect(choicesChanged(opened, { ...opened })).toBe(false);
    expect(choicesChanged(opened, { ...opened, tags: ['  '] })).toBe(false);
    expect(choicesChanged(opened, { ...opened, repetitions: 2 })).toBe(true);
    expect(choicesChanged(opened, { ...opened, agentIds: [] })).toBe(true);
    expect(choicesChanged(opened, { ...opened, versionLabel: 'main' })).toBe(true);
  });
});

describe('the estimate', () => {
  const input = evalRunInput('d', defaultChoices(1, ['a']));
  const key = choicesKey(input);
  const estimate = { confirmation: 'token-1', answers: 10 };

  it('comes first: nothing to start before an estimate is shown', () => {
    let state: State = { kind: 'none' };
    expect(startable(state, key)).toBeNull();
    state = estimateReducer(state, { type: 'ask', key });
    expect(startable(state, key)).toBeNull();
    state = estimateReducer(state, { type: 'answered', key, input, estimate });
    expect(startable(state, key)).toEqual({ input, confirmation: 'token-1' });
  });

  it('is put away when a choice changes: Start only for the estimate shown', () => {
    const ready = estimateReducer<Estimate, string>(estimateReducer({ kind: 'none' }, { type: 'ask', key }), { type: 'answered', key, input, estimate });
    const otherKey = choicesKey(evalRunInput('d', { ...defaultChoices(1, ['a']), repetitions: 2 }));
    expect(estimateFor(ready, otherKey)).toEqual({ kind: 'none' });
    expect(startable(ready, otherKey)).toBeNull();
    // Changing the choice back shows the estimate made for it again.
    expect(startable(ready, key)?.confirmation).toBe('token-1');
  });

  it('drops an answer for choices no longer asked about', () => {
    const asking = estimateReducer<Estimate, string>({ kind: 'none' }, { type: 'ask', key: 'new' });
    expect(estimateReducer(asking, { type: 'answered', key: 'old', input, estimate })).toBe(asking);
    expect(estimateReducer(asking, { type: 'refused', key: 'old', problem: 'no' })).toBe(asking);
    expect(estimateReducer(asking, { type: 'refused', key: 'new', problem: 'no' })).toEqual({ kind: 'failed', key: 'new', problem: 'no' });
    expect(estimateReducer(asking, { type: 'clear' })).toEqual({ kind: 'none' });
  });
});
