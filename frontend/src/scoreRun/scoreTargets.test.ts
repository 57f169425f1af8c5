import { describe, expect, it } from 'vitest';
import { datasetChoices, initialCaseId, matchingDatasetCount } from './scoreTargets';

const target = (datasetId: string, caseId: string) => ({ dataset: { id: datasetId, name: `Dataset ${datasetId}` }, case: { id: caseId, input: `Case ${caseId}` } });

describe('score targets', () => {
  it('lists datasets with a matching case first, each once', () => {
    const choices = datasetChoices([target('b', 'b1'), target('b', 'b2'), target('c', 'c1')], [target('a', 'a1'), target('c', 'c2')]);
    expect(choices).toEqual([
      { id: 'b', name: 'Dataset b', matching: true },
      { id: 'c', name: 'Dataset c', matching: true },
      { id: 'a', name: 'Dataset a', matching: false },
    ]);
    expect(matchingDatasetCount([target('b', 'b1'), target('b', 'b2'), target('c', 'c1')])).toBe(2);
    expect(matchingDatasetCount([])).toBe(0);
  });

  it('picks the case asking the run’s question in the dataset chosen, none when it has none', () => {
    const matching = [target('b', 'b1'), target('c', 'c1')];
    expect(initialCaseId(matching, 'c')).toBe('c1');
    expect(initialCaseId(matching, 'a')).toBeNull();
    expect(initialCaseId(matching, null)).toBeNull();
  });
});
