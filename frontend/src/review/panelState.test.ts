import { describe, expect, it } from 'vitest';
import { noteDirty, openPanel, type PanelEvent, panelReducer, type PanelState } from './panelState';

const run = (events: PanelEvent[], start: PanelState = openPanel('s1')) => events.reduce(panelReducer, start);

describe('the panel and the privacy mask', () => {
  it('takes the saved note on the first read', () => {
    const state = run([{ kind: 'read', scoreId: 's1', masked: false, savedNote: 'Too vague.' }]);
    expect(state).toMatchObject({ masked: false, note: 'Too vague.', savedNote: 'Too vague.', discarded: false });
    expect(noteDirty(state)).toBe(false);
  });

  it('keeps a note being written while the mask stays the same', () => {
    const state = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
      { kind: 'write', note: 'Quotes a policy that does not exist.' },
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
    ]);
    expect(state.note).toBe('Quotes a policy that does not exist.');
    expect(noteDirty(state)).toBe(true);
  });

  it('discards the panel and its unsaved note when the mask comes on', () => {
    const state = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
      { kind: 'write', note: 'Quotes a policy that does not exist.' },
      { kind: 'read', scoreId: 's1', masked: true, savedNote: null },
    ]);
    expect(state).toMatchObject({ discarded: true, note: '' });
    expect(noteDirty(state)).toBe(false);
  });

  it('discards it too when the mask comes off', () => {
    const state = run([
      { kind: 'read', scoreId: 's1', masked: true, savedNote: null },
      { kind: 'write', note: 'x' },
      { kind: 'read', scoreId: 's1', masked: false, savedNote: 'hidden before' },
    ]);
    expect(state.discarded).toBe(true);
    expect(state.note).toBe('');
  });

  it('stays discarded whatever comes after', () => {
    const discarded = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
      { kind: 'read', scoreId: 's1', masked: true, savedNote: null },
    ]);
    expect(run([{ kind: 'write', note: 'late' }, { kind: 'read', scoreId: 's1', masked: false, savedNote: null }], discarded)).toBe(discarded);
  });

  it('ignores a read of another answer', () => {
    const state = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
      { kind: 'read', scoreId: 's2', masked: true, savedNote: 'other' },
    ]);
    expect(state).toMatchObject({ discarded: false, masked: false, note: '' });
  });

  it('follows a saved note changed elsewhere unless the note was touched', () => {
    const untouched = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: 'a' },
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
    ]);
    expect(untouched.note).toBe('');
    const touched = run([
      { kind: 'read', scoreId: 's1', masked: false, savedNote: 'a' },
      { kind: 'write', note: 'ab' },
      { kind: 'read', scoreId: 's1', masked: false, savedNote: null },
    ]);
    expect(touched.note).toBe('ab');
  });

  it('is clean once saved, and back to the saved note when discarded', () => {
    const written = run([{ kind: 'read', scoreId: 's1', masked: false, savedNote: 'old' }, { kind: 'write', note: 'new' }]);
    expect(noteDirty(run([{ kind: 'saved', note: 'new' }], written))).toBe(false);
    expect(run([{ kind: 'discard-note' }], written).note).toBe('old');
    expect(noteDirty(run([{ kind: 'write', note: ' old ' }], written))).toBe(false);
  });
});
