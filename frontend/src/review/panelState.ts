/**
 * The side panel's note and what it knows of the answer's privacy mask. The
 * server masks an answer's evidence (its text, reasons, rules, quotes and the
 * reviewer's note) from a reader without `runs:view` or access to the
 * answering agent. When that mask changes while the answer is open - a role
 * or the agent's sharing changed - what the panel shows and the note being
 * written belong to what the reader could see before: the panel is discarded,
 * note and all, rather than mixing the two.
 */

export interface PanelState {
  scoreId: string;
  /** The mask when the answer was first read here; null until it is. */
  masked: boolean | null;
  /** The note as written in the panel. */
  note: string;
  /** The note as last saved with a decision ("" when none). */
  savedNote: string;
  /** Set once the mask changed: the panel closes and says why. */
  discarded: boolean;
}

export type PanelEvent =
  | { kind: 'read'; scoreId: string; masked: boolean; savedNote: string | null }
  | { kind: 'write'; note: string }
  | { kind: 'saved'; note: string }
  | { kind: 'discard-note' };

export function openPanel(scoreId: string): PanelState {
  return { scoreId, masked: null, note: '', savedNote: '', discarded: false };
}

export function panelReducer(state: PanelState, event: PanelEvent): PanelState {
  if (state.discarded) return state;
  switch (event.kind) {
    case 'read': {
      // A read of another answer (a late reply after moving on) says nothing about this one.
      if (event.scoreId !== state.scoreId) return state;
      if (state.masked !== null && state.masked !== event.masked) return { ...state, note: '', savedNote: '', discarded: true };
      const savedNote = event.savedNote ?? '';
      if (state.masked === null) return { ...state, masked: event.masked, note: savedNote, savedNote };
      // The saved note changed elsewhere (an undo, another reviewer): an untouched note follows it.
      const untouched = state.note === state.savedNote;
      return { ...state, savedNote, note: untouched ? savedNote : state.note };
    }
    case 'write':
      return { ...state, note: event.note };
    case 'saved':
      return { ...state, note: event.note, savedNote: event.note };
    case 'discard-note':
      return { ...state, note: state.savedNote };
  }
}

/** Whether the note holds words not saved with a decision. */
export function noteDirty(state: PanelState): boolean {
  return !state.discarded && state.note.trim() !== state.savedNote.trim();
}
