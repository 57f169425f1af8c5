import { describe, expect, it } from 'vitest';
import { documentFileProblem, formatBytes, headingWords, MAX_DOCUMENT_BYTES } from './documentFile';

describe('documentFileProblem', () => {
  it('accepts text and Markdown files up to exactly the bound', () => {
    expect(documentFileProblem({ name: 'returns.md', size: 120 })).toBeNull();
    expect(documentFileProblem({ name: 'NOTES.TXT', size: 1 })).toBeNull();
    expect(documentFileProblem({ name: 'guide.markdown', size: MAX_DOCUMENT_BYTES })).toBeNull();
  });

  it('names a file of another kind', () => {
    expect(documentFileProblem({ name: 'policy.pdf', size: 2048 })).toBe('policy.pdf is not a .txt or .md file: a knowledge base reads plain text and Markdown only.');
    expect(documentFileProblem({ name: 'md', size: 10 })).not.toBeNull();
  });

  it('refuses one byte over the bound, saying both sizes', () => {
    expect(documentFileProblem({ name: 'big.md', size: MAX_DOCUMENT_BYTES + 1 })).toBe('big.md is 1,048,577 bytes; a document is at most 1,048,576 bytes (1 MB).');
  });

  it('refuses an empty file', () => {
    expect(documentFileProblem({ name: 'empty.txt', size: 0 })).toBe('empty.txt is empty; a document needs some text.');
  });
});

describe('formatBytes', () => {
  it('says bytes, kilobytes and megabytes', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(3482)).toBe('3.4 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('headingWords', () => {
  it('joins the headings outermost first, and names text under none', () => {
    expect(headingWords(['Returns', 'Refunds'])).toBe('Returns › Refunds');
    expect(headingWords([])).toBe('Before any heading');
  });
});
