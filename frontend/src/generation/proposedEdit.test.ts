import { describe, expect, it } from 'vitest';
import { draftEdit, editProblems, editValuesOf } from './proposedEdit';

const draft = { input: 'How long is the return window?', referenceAnswer: '14 days.', tags: ['returns'] };

describe('editing a draft first', () => {
  it('sends only the fields that changed', () => {
    const opened = editValuesOf(draft);
    expect(draftEdit('d1', opened, opened)).toEqual({ id: 'd1', case: {} });
    expect(draftEdit('d1', opened, { ...opened, input: 'How long do I have to return shoes?' })).toEqual({ id: 'd1', case: { input: 'How long do I have to return shoes?' } });
    expect(draftEdit('d1', opened, { ...opened, tags: ['returns', 'shoes'] })).toEqual({ id: 'd1', case: { tags: ['returns', 'shoes'] } });
  });

  it('sends an emptied reference answer as none', () => {
    const opened = editValuesOf(draft);
    expect(draftEdit('d1', opened, { ...opened, referenceAnswer: '  ' })).toEqual({ id: 'd1', case: { referenceAnswer: null } });
  });

  it('needs a question', () => {
    expect(editProblems({ ...editValuesOf(draft), input: ' ' })).toEqual([{ path: 'input', message: 'A case asks a question: write one.' }]);
    expect(editProblems(editValuesOf({ input: 'Q', referenceAnswer: null, tags: [] }))).toEqual([]);
  });
});
