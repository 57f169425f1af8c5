import { describe, expect, it } from 'vitest';
import { expectationLabels, sourceLabel, tagColor } from './labels';

const nothing = { referenceAnswer: null, counterExample: null, referenceVerified: false, expectedToolCalls: [], checks: [] };

describe('expectationLabels', () => {
  it('labels each of the four expectations a case has, in one order', () => {
    const labels = expectationLabels({
      referenceAnswer: '30 days',
      counterExample: 'Forever',
      referenceVerified: false,
      expectedToolCalls: [{}, {}],
      checks: [{}],
    });
    expect(labels.map((label) => [label.kind, label.text])).toEqual([
      ['reference', 'Reference'],
      ['counter-example', 'Counter-example'],
      ['tools', 'Tools 2'],
      ['checks', 'Checks 1'],
    ]);
    expect(labels.map((label) => label.description)).toEqual([
      'Has a reference answer',
      'Has an answer known to be wrong',
      'Expects 2 tool calls',
      'Has 1 check',
    ]);
  });

  it('marks a verified reference', () => {
    expect(expectationLabels({ ...nothing, referenceAnswer: '{"total": 3}', referenceVerified: true })[0]).toMatchObject({
      text: 'Reference ✓',
      description: 'Has a verified reference answer',
    });
  });

  it('gives no label for blank or missing expectations', () => {
    expect(expectationLabels({ ...nothing, referenceAnswer: '  ', counterExample: undefined })).toEqual([]);
  });
});

describe('sourceLabel', () => {
  it.each([
    ['manual', 'Written'],
    ['import', 'Imported'],
    ['conversation', 'Conversation'],
    ['synthetic', 'Generated'],
    ['carrier-pigeon', 'carrier-pigeon'],
  ])('%s reads "%s"', (source, text) => expect(sourceLabel(source).text).toBe(text));

  it('gives each source its own colour', () => {
    const colors = ['manual', 'import', 'conversation', 'synthetic'].map((source) => sourceLabel(source).color);
    expect(new Set(colors).size).toBe(4);
  });
});

describe('tagColor', () => {
  it('gives a tag the same colour every time, whatever its case', () => {
    expect(tagColor('billing')).toBe(tagColor('Billing'));
    const spread = new Set(['billing', 'refusal', 'returns', 'shipping', 'orders', 'tone', 'legal', 'pii'].map(tagColor));
    expect(spread.size).toBeGreaterThan(2);
  });
});
