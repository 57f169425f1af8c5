import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle';

describe('pageTitle', () => {
  it('names the page before the product', () => {
    expect(pageTitle('API keys')).toBe('API keys · Casebook');
    expect(pageTitle('  Members ')).toBe('Members · Casebook');
  });
  it('is the product alone while the page has no name yet', () => {
    expect(pageTitle(undefined)).toBe('Casebook');
    expect(pageTitle('')).toBe('Casebook');
  });
});
