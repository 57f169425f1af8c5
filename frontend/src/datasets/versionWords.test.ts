import { describe, expect, it } from 'vitest';
import { versionChange, versionLabel } from './versionWords';

describe('versionChange', () => {
  it.each([
    [{ action: 'add', summary: { added: 1 } }, '1 case added'],
    [{ action: 'edit', summary: { edited: 1 } }, '1 case edited'],
    [{ action: 'remove', summary: {} }, '1 case removed'],
    [{ action: 'import', summary: { imported: 40 } }, '40 cases imported'],
    [{ action: 'accept', summary: { accepted: 3 } }, '3 cases accepted'],
    [{ action: 'merge', summary: null }, 'merge'],
  ])('%j reads "%s"', (version, words) => expect(versionChange({ number: 1, caseCount: 0, ...version })).toBe(words));
});

describe('versionLabel', () => {
  it('marks the newest and counts its cases', () => {
    expect(versionLabel({ number: 7, action: 'edit', summary: { edited: 1 }, caseCount: 42 }, 7)).toBe('v7 (newest) · 1 case edited · 42 cases');
    expect(versionLabel({ number: 1, action: 'add', summary: { added: 1 }, caseCount: 1 }, 7)).toBe('v1 · 1 case added · 1 case');
  });
});
