import { describe, expect, it } from 'vitest';
import { coverageSummaryWords, gapReasonLabel, gapReasonSentence, gapReasonWords, gapRuleWords, prefillWords } from './coverageWords';

describe('why a tag is a gap', () => {
  it('counts the cases whose latest score failed among the tag’s cases', () => {
    expect(gapReasonWords({ reason: 'failing', cases: 5, failing: 2 }, 3)).toBe('2 of its 5 cases failed their latest score');
    expect(gapReasonWords({ reason: 'failing', cases: 4, failing: 1 }, 3)).toBe('1 of its 4 cases failed its latest score');
  });

  it('says so plainly when every case of the tag failed', () => {
    expect(gapReasonWords({ reason: 'failing', cases: 1, failing: 1 }, 3)).toBe('its only case failed its latest score');
    expect(gapReasonWords({ reason: 'failing', cases: 2, failing: 2 }, 3)).toBe('both its cases failed their latest score');
    expect(gapReasonWords({ reason: 'failing', cases: 6, failing: 6 }, 3)).toBe('all 6 of its cases failed their latest score');
  });

  it('names the bar a tag with few cases is under', () => {
    expect(gapReasonWords({ reason: 'few_cases', cases: 1, failing: 0 }, 3)).toBe('only 1 case — fewer than 3');
    expect(gapReasonWords({ reason: 'few_cases', cases: 2, failing: 0 }, 3)).toBe('only 2 cases — fewer than 3');
  });

  it('reads as a sentence of its own in the gap’s row', () => {
    expect(gapReasonSentence({ reason: 'failing', cases: 1, failing: 1 }, 3)).toBe('Its only case failed its latest score.');
    expect(gapReasonSentence({ reason: 'few_cases', cases: 2, failing: 0 }, 3)).toBe('Only 2 cases — fewer than 3.');
  });

  it('still gives the counts for a reason it does not know', () => {
    expect(gapReasonWords({ reason: 'stale', cases: 3, failing: 0 }, 3)).toBe('3 cases, 0 failing');
    expect(gapReasonLabel('stale')).toBe('stale');
  });

  it('labels the reasons it knows', () => {
    expect(gapReasonLabel('failing')).toBe('Failing');
    expect(gapReasonLabel('few_cases')).toBe('Few cases');
  });
});

describe('coverage in words', () => {
  it('says how many cases the newest version holds and how many carry no tag', () => {
    expect(coverageSummaryWords({ cases: 12, untagged: 3 })).toBe('12 cases in the newest version; 3 carry no tag.');
    expect(coverageSummaryWords({ cases: 12, untagged: 1 })).toBe('12 cases in the newest version; 1 carries no tag.');
    expect(coverageSummaryWords({ cases: 1, untagged: 0 })).toBe('1 case in the newest version; every case carries a tag.');
    expect(coverageSummaryWords({ cases: 4, untagged: 4 })).toBe('4 cases in the newest version; none carries a tag.');
    expect(coverageSummaryWords({ cases: 0, untagged: 0 })).toBe('0 cases in the newest version.');
  });

  it('states the rule once and what the shortcut pre-fills', () => {
    expect(gapRuleWords(3)).toBe('A tag is a gap when one of its cases failed its latest score, or when it has fewer than 3 cases.');
    expect(prefillWords(2, 'red_team')).toBe('2 cases, Red team');
    expect(prefillWords(1, 'agent')).toBe('1 case, From the agent');
  });
});
