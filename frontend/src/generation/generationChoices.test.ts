import { describe, expect, it } from 'vitest';
import { estimateFor, estimateReducer, type EstimateState } from '../evals/evalChoices';
import {
  defaultGenerationChoices,
  type GenerationChoices,
  generationChoicesChanged,
  generationInput,
  type GenerationInput,
  generationKey,
  generationProblems,
  splitCount,
  splitWords,
} from './generationChoices';

const chosen: GenerationChoices = { agentId: 'agent-1', sources: ['red_team', 'agent'], count: 7 };

describe('the count split', () => {
  it('shares the count evenly, the first sources in the table order taking the remainder', () => {
    expect(splitCount(7, ['red_team', 'agent'])).toEqual([
      { source: 'agent', cases: 4 },
      { source: 'red_team', cases: 3 },
    ]);
    expect(splitCount(10, ['chats', 'knowledge', 'agent'])).toEqual([
      { source: 'agent', cases: 4 },
      { source: 'knowledge', cases: 3 },
      { source: 'chats', cases: 3 },
    ]);
  });

  it('says nothing for no source or a count that is not a whole number', () => {
    expect(splitCount(5, [])).toEqual([]);
    expect(splitCount(Number.NaN, ['agent'])).toEqual([]);
    expect(splitWords(0, ['agent'])).toBe('');
  });

  it('words the split by source', () => {
    expect(splitWords(7, ['agent', 'red_team'])).toBe('4 from the agent, 3 red team');
  });
});

describe('the choices', () => {
  it('needs an agent, a source, and a count from 1 to 50 with at least one per source', () => {
    expect(generationProblems(defaultGenerationChoices()).map((problem) => problem.path)).toEqual(['agentId']);
    expect(generationProblems({ agentId: 'a', sources: [], count: 5 }).map((problem) => problem.path)).toEqual(['sources']);
    expect(generationProblems({ agentId: 'a', sources: ['agent'], count: 51 })[0]?.message).toBe('Ask for a whole number of cases from 1 to 50.');
    expect(generationProblems({ agentId: 'a', sources: ['agent', 'knowledge', 'red_team'], count: 2 })[0]?.message).toBe('Ask for at least one case per source: 3 or more.');
    expect(generationProblems(chosen)).toEqual([]);
  });

  it('sends the sources in the table order, so equal choices are one estimate', () => {
    expect(generationInput('ds', chosen)).toEqual({ datasetId: 'ds', agentId: 'agent-1', sources: ['agent', 'red_team'], count: 7 });
    expect(generationInput('ds', defaultGenerationChoices())).toBeNull();
    expect(generationInput('ds', chosen, 'refunds')).toEqual({ datasetId: 'ds', agentId: 'agent-1', sources: ['agent', 'red_team'], count: 7, focusTag: 'refunds' });
    expect(generationKey(chosen)).toBe(generationKey({ ...chosen, sources: ['agent', 'red_team'] }));
  });

  it('counts as changed once the agent, the sources or the count differ from what the dialog opened with', () => {
    const opened = defaultGenerationChoices();
    expect(generationChoicesChanged(opened, { ...opened })).toBe(false);
    expect(generationChoicesChanged(opened, { ...opened, count: opened.count + 1 })).toBe(true);
    expect(generationChoicesChanged(opened, { ...opened, agentId: 'a' })).toBe(true);
  });
});

describe('the estimate', () => {
  type Estimate = { fingerprint: string };
  const input = generationInput('ds', chosen) as GenerationInput;
  const answered = [
    { type: 'ask', key: generationKey(chosen) },
    { type: 'answered', key: generationKey(chosen), input, estimate: { fingerprint: 'f1' } },
  ] as const;
  const ready = answered.reduce<EstimateState<Estimate, string, GenerationInput>>((state, action) => estimateReducer(state, action), { kind: 'none' });

  it('is shown for the choices it was made for', () => {
    expect(estimateFor(ready, generationKey(chosen))).toMatchObject({ kind: 'ready', estimate: { fingerprint: 'f1' } });
  });

  it('is thrown away by any change of agent, sources or count', () => {
    for (const changed of [{ ...chosen, agentId: 'agent-2' }, { ...chosen, sources: ['agent' as const] }, { ...chosen, count: 8 }]) {
      expect(estimateFor(ready, generationKey(changed))).toEqual({ kind: 'none' });
    }
  });

  it('drops an answer that arrives after the choices changed', () => {
    const asking = estimateReducer<Estimate, string, GenerationInput>({ kind: 'none' }, { type: 'ask', key: generationKey({ ...chosen, count: 9 }) });
    const late = estimateReducer(asking, { type: 'answered', key: generationKey(chosen), input, estimate: { fingerprint: 'old' } });
    expect(late).toEqual(asking);
  });
});
