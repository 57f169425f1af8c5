/**
 * The keys of Review answers, for reviewing many answers fast: move through
 * the table with the panel following, decide with one key, write a note, undo
 * the last decision. The table of keys below is what the view shows under
 * "Keyboard", so what is documented is what is handled.
 */

export type ReviewKeyAction =
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'decide'; outcome: 'PASS' | 'FAIL' }
  | { kind: 'note' }
  | { kind: 'leave-note' }
  | { kind: 'save-note' }
  | { kind: 'undo' }
  | { kind: 'close' }
  | { kind: 'help' };

export interface ReviewKeyInfo {
  keys: string[];
  does: string;
}

export const REVIEW_KEYS: readonly ReviewKeyInfo[] = [
  { keys: ['J'], does: 'Open the next answer' },
  { keys: ['K'], does: 'Open the previous answer' },
  { keys: ['P'], does: 'Decide: passes (with the note written), then open the next answer if “Next after deciding” is on' },
  { keys: ['F'], does: 'Decide: fails (with the note written), then open the next answer if “Next after deciding” is on' },
  { keys: ['N'], does: 'Write a note' },
  { keys: ['Ctrl', 'Enter'], does: 'In the note: save it with the decision made' },
  { keys: ['Esc'], does: 'In the note: leave it; otherwise close the answer' },
  { keys: ['U'], does: 'Undo the last decision made here' },
  { keys: ['?'], does: 'Show these keys' },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The key went to a text field (the note, a filter): letters are typed, not acted on. */
  typing: boolean;
  /** The key went to another dialog or menu on top (a confirmation, a filter's list): it is theirs. */
  elsewhere: boolean;
  /** Whether an answer is open in the side panel. */
  panelOpen: boolean;
}

/** What a key press does in Review answers; null leaves it to the page (and the browser). */
export function reviewKeyAction(press: KeyPress): ReviewKeyAction | null {
  if (press.elsewhere) return null;
  const command = press.ctrlKey || press.metaKey;
  if (press.typing) {
    if (press.key === 'Enter' && command && !press.altKey) return { kind: 'save-note' };
    if (press.key === 'Escape') return { kind: 'leave-note' };
    return null;
  }
  if (command || press.altKey) return null;
  switch (press.key) {
    case 'j':
    case 'J':
      return { kind: 'next' };
    case 'k':
    case 'K':
      return { kind: 'previous' };
    case '?':
      return { kind: 'help' };
  }
  if (!press.panelOpen) return null;
  switch (press.key) {
    case 'p':
    case 'P':
      return { kind: 'decide', outcome: 'PASS' };
    case 'f':
    case 'F':
      return { kind: 'decide', outcome: 'FAIL' };
    case 'n':
    case 'N':
      return { kind: 'note' };
    case 'u':
    case 'U':
      return { kind: 'undo' };
    case 'Escape':
      return { kind: 'close' };
    default:
      return null;
  }
}

/** The row to open after a move: the first or last when none is open, and none past either end. */
export function neighbour(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return step === 1 ? (ids[0] ?? null) : (ids[ids.length - 1] ?? null);
  return ids[at + step] ?? null;
}

function isTextField(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/** Reads a browser key event into a press: whether it was typed into a field, or went to a dialog other than the panel. */
export function keyPressOf(event: KeyboardEvent, panelOpen: boolean): KeyPress {
  const target = event.target instanceof Element ? event.target : null;
  const dialog = target?.closest('[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]') ?? null;
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    typing: target !== null && isTextField(target),
    elsewhere: dialog !== null || document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
    panelOpen,
  };
}
