import { describe, expect, it } from 'vitest';
import type { ModelConnectionFieldsFragment } from '../gql/graphql';
import { connectionGroups, fromOption, modelOption, withChosen } from '../grading/ModelSelect';
import { chosenModel, generatorModelVariables } from './connectionRef';

const saved = {
  id: 'TW9kZWxDb25uZWN0aW9uOjQy',
  name: 'Generator',
  provider: 'OPENAI',
  models: ['gpt-small'],
} as unknown as ModelConnectionFieldsFragment;

describe("the generator model's connection", () => {
  it('is sent as the global id the selector chose', () => {
    const picked = fromOption(modelOption(saved.id, 'gpt-small'));
    expect(generatorModelVariables('RGF0YXNldDox', picked)).toEqual({ datasetId: 'RGF0YXNldDox', modelConnectionId: saved.id, model: 'gpt-small' });
    expect(generatorModelVariables('RGF0YXNldDox', { connectionId: null, model: null })).toEqual({ datasetId: 'RGF0YXNldDox', modelConnectionId: null, model: null });
  });

  it('is read back as an option of the saved connections, not as one no longer saved', () => {
    const choice = chosenModel({ modelConnectionId: saved.id, model: 'gpt-small' });
    const value = modelOption(choice.connectionId ?? '', choice.model ?? '');
    const groups = connectionGroups([saved]);
    expect(withChosen(groups, value)).toBe(groups);
    expect(chosenModel(null)).toEqual({ connectionId: null, model: null });
  });
});
