import { describe, expect, it } from 'vitest';
import { COUNT } from '../generation/generationChoices';
import { gapChoices, GENERATE_NEEDS_EDIT, generateForGapOffer } from './gapGeneration';

describe('the choices Generate for this gap opens with', () => {
  it('pre-selects the suggested source alone, with the suggested count and no agent', () => {
    expect(gapChoices({ suggestedSource: 'red_team', suggestedCount: 2 }, [])).toEqual({ agentId: null, sources: ['red_team'], count: 2 });
    expect(gapChoices({ suggestedSource: 'agent', suggestedCount: 3 }, [])).toEqual({ agentId: null, sources: ['agent'], count: 3 });
  });

  it('falls back to the agent for a source the dialog does not offer, or chats without runs:view', () => {
    expect(gapChoices({ suggestedSource: 'somewhere', suggestedCount: 2 }, []).sources).toEqual(['agent']);
    expect(gapChoices({ suggestedSource: 'chats', suggestedCount: 2 }, ['datasets:edit']).sources).toEqual(['agent']);
    expect(gapChoices({ suggestedSource: 'chats', suggestedCount: 2 }, ['datasets:edit', 'runs:view']).sources).toEqual(['chats']);
  });

  it('keeps the count within the dialog’s bounds', () => {
    expect(gapChoices({ suggestedSource: 'agent', suggestedCount: 0 }, []).count).toBe(COUNT.min);
    expect(gapChoices({ suggestedSource: 'agent', suggestedCount: 80 }, []).count).toBe(COUNT.max);
    expect(gapChoices({ suggestedSource: 'agent', suggestedCount: 2.5 }, []).count).toBe(COUNT.default);
  });
});

describe('whether Generate for this gap is offered', () => {
  it('is enabled for those who may edit the dataset, and says why not to the others', () => {
    expect(generateForGapOffer({ edit: true })).toEqual({ kind: 'enabled' });
    expect(generateForGapOffer({ edit: false })).toEqual({ kind: 'disabled', reason: GENERATE_NEEDS_EDIT });
  });
});
