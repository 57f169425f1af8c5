import { describe, expect, it } from 'vitest';
import { codeSpans } from './codeSpans';

describe('codeSpans', () => {
  it('cuts out the code a message quotes between backticks', () => {
    expect(codeSpans('`reference_answer` must be text, not `42`')).toEqual([
      { text: 'reference_answer', code: true },
      { text: ' must be text, not ', code: false },
      { text: '42', code: true },
    ]);
  });
  it('leaves a message without code, or with a lone backtick, as it is', () => {
    expect(codeSpans('must not be empty')).toEqual([{ text: 'must not be empty', code: false }]);
    expect(codeSpans('a ` alone')).toEqual([{ text: 'a ` alone', code: false }]);
    expect(codeSpans('')).toEqual([]);
  });
});
