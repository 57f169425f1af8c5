import { describe, expect, it } from 'vitest';
import { attachOutcomeWords } from './versionWords';

describe('attachOutcomeWords', () => {
  it('names the new version a change made', () => {
    expect(attachOutcomeWords('attach', 'Policies', { newVersion: true, versionNumber: 3 })).toBe('Now uses “Policies”: saved as version 3.');
    expect(attachOutcomeWords('detach', 'Policies', { newVersion: true, versionNumber: 4 })).toBe('No longer uses “Policies”: saved as version 4.');
  });

  it('says when nothing changed, so no version was made', () => {
    expect(attachOutcomeWords('attach', 'Policies', { newVersion: false, versionNumber: 2 })).toBe('It already used “Policies”; no new version.');
    expect(attachOutcomeWords('detach', 'Policies', { newVersion: false, versionNumber: 2 })).toBe('It did not use “Policies”; no new version.');
  });
});
