import { describe, expect, it } from 'vitest';
import { filterKey, readReviewParams, reviewFilter, reviewPath, reviewSearch, showsReview } from './reviewParams';

describe('the address of Review answers', () => {
  it('reads back what it writes', () => {
    const params = { outcome: 'FAIL' as const, agent: 'Desk & co', tag: 'returns', evalRun: 'RXZhbFJ1bjox', score: 'U2NvcmU6Nw==' };
    const search = reviewSearch(params);
    expect(showsReview(search)).toBe(true);
    expect(readReviewParams(search)).toEqual(params);
  });

  it('leaves out what is not set, and ignores an outcome it does not know', () => {
    expect(reviewSearch()).toBe('?tab=results&view=review');
    expect(readReviewParams('?tab=results&view=review&outcome=MAYBE&agent=%20').outcome).toBeNull();
    expect(readReviewParams('?tab=results&view=review&agent=%20').agent).toBeNull();
  });

  it('is not shown on the test runs, an eval run page or another tab', () => {
    expect(showsReview('?tab=results')).toBe(false);
    expect(showsReview('?tab=results&view=review&run=abc')).toBe(false);
    expect(showsReview('?tab=cases&view=review')).toBe(false);
  });

  it('links to a dataset by its encoded id', () => {
    expect(reviewPath('a/b', { tag: 'x' })).toBe('/datasets/a%2Fb?tab=results&view=review&tag=x');
  });

  it('filters by outcome, agent, tag and eval run, never by review state', () => {
    expect(reviewFilter(readReviewParams(reviewSearch()))).toBeNull();
    expect(reviewFilter(readReviewParams(reviewSearch({ outcome: 'NOT_GRADED', agent: 'Desk', tag: 't', evalRun: 'r', score: 's' })))).toEqual({
      outcome: 'NOT_GRADED',
      agentName: 'Desk',
      tag: 't',
      evalRunId: 'r',
    });
  });

  it('names the list by its filters, not by the answer open', () => {
    const a = readReviewParams(reviewSearch({ tag: 't', score: '1' }));
    const b = readReviewParams(reviewSearch({ tag: 't', score: '2' }));
    expect(filterKey(a)).toBe(filterKey(b));
    expect(filterKey(a)).not.toBe(filterKey(readReviewParams(reviewSearch({ tag: 'u' }))));
  });
});
