import { describe, expect, it } from 'vitest';
import { removeCaseWords, removedCaseWords } from './removeCaseWords';

describe('removeCaseWords', () => {
  it('says deleting erases the case from every version, which keep that it was there', () => {
    const words = removeCaseWords(4);
    expect(words).toContain('version 5 without it');
    expect(words).toContain('erases its text from every version before');
    expect(words).toContain('keep that it was there');
    expect(words).not.toContain('Older versions keep it');
  });

  it('confirms the deletion without promising older versions still hold the case', () => {
    const done = removedCaseWords(5);
    expect(done.title).toBe('Removed in version 5');
    expect(done.message).not.toContain('still hold');
    expect(done.message).toContain('erased');
  });
});
