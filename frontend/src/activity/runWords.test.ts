import { describe, expect, it } from 'vitest';
import { formatCost, formatLatency } from './runWords';

describe('formatCost', () => {
  it('says a paid run under a cent costs under a cent, not $0.00', () => {
    expect(formatCost(0.0004)).toBe('< $0.01');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(null)).toBe('—');
    expect(formatCost(0.0421)).toBe('$0.042');
    expect(formatCost(3.5)).toBe('$3.50');
  });
});

describe('formatLatency', () => {
  it('reads milliseconds under a second and seconds above', () => {
    expect(formatLatency(840.4)).toBe('840 ms');
    expect(formatLatency(1530)).toBe('1.5 s');
    expect(formatLatency(42_000)).toBe('42 s');
    expect(formatLatency(undefined)).toBe('');
  });
});
