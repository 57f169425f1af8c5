import { describe, expect, it } from 'vitest';
import { countOf, formatNumber, nounFor } from './count';

describe('formatNumber', () => {
  it('separates thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(10_000)).toBe('10,000');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(-2500)).toBe('-2,500');
  });
  it('keeps at most two decimals of a fraction', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(0.125)).toBe('0.13');
  });
});

describe('countOf', () => {
  it('agrees the noun with the count', () => {
    expect(countOf(1, 'case')).toBe('1 case');
    expect(countOf(0, 'case')).toBe('0 cases');
    expect(countOf(2, 'case')).toBe('2 cases');
    expect(countOf(10_000, 'case')).toBe('10,000 cases');
  });
  it('takes an irregular plural', () => {
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(nounFor(1, 'reply', 'replies')).toBe('reply');
    expect(nounFor(2, 'reply', 'replies')).toBe('replies');
  });
});
