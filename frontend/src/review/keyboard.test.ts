// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { type KeyPress, keyPressOf, neighbour, REVIEW_KEYS, reviewKeyAction } from './keyboard';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, elsewhere: false, panelOpen: true, ...more });

describe('the review keys', () => {
  it('move through the answers with J and K, either case', () => {
    expect(reviewKeyAction(press('j'))).toEqual({ kind: 'next' });
    expect(reviewKeyAction(press('J', { panelOpen: false }))).toEqual({ kind: 'next' });
    expect(reviewKeyAction(press('k'))).toEqual({ kind: 'previous' });
  });

  it('decide, write a note, undo and close only with an answer open', () => {
    expect(reviewKeyAction(press('p'))).toEqual({ kind: 'decide', outcome: 'PASS' });
    expect(reviewKeyAction(press('F'))).toEqual({ kind: 'decide', outcome: 'FAIL' });
    expect(reviewKeyAction(press('n'))).toEqual({ kind: 'note' });
    expect(reviewKeyAction(press('u'))).toEqual({ kind: 'undo' });
    expect(reviewKeyAction(press('Escape'))).toEqual({ kind: 'close' });
    for (const key of ['p', 'f', 'n', 'u', 'Escape']) expect(reviewKeyAction(press(key, { panelOpen: false }))).toBeNull();
  });

  it('leave letters typed into the note alone, saving with Ctrl or Cmd+Enter and leaving with Escape', () => {
    for (const key of ['j', 'p', 'f', 'u', '?', 'Enter']) expect(reviewKeyAction(press(key, { typing: true }))).toBeNull();
    expect(reviewKeyAction(press('Enter', { typing: true, ctrlKey: true }))).toEqual({ kind: 'save-note' });
    expect(reviewKeyAction(press('Enter', { typing: true, metaKey: true }))).toEqual({ kind: 'save-note' });
    expect(reviewKeyAction(press('Escape', { typing: true }))).toEqual({ kind: 'leave-note' });
  });

  it('leave the browser its shortcuts and another dialog its keys', () => {
    expect(reviewKeyAction(press('f', { ctrlKey: true }))).toBeNull();
    expect(reviewKeyAction(press('p', { metaKey: true }))).toBeNull();
    expect(reviewKeyAction(press('j', { altKey: true }))).toBeNull();
    expect(reviewKeyAction(press('p', { elsewhere: true }))).toBeNull();
    expect(reviewKeyAction(press('Escape', { elsewhere: true }))).toBeNull();
  });

  it('document every key they act on', () => {
    const documented = REVIEW_KEYS.flatMap((info) => info.keys).join(' ');
    for (const key of ['J', 'K', 'P', 'F', 'N', 'U', '?', 'Esc', 'Enter']) expect(documented).toContain(key);
  });

  it('show the keys with ?', () => {
    expect(reviewKeyAction(press('?'))).toEqual({ kind: 'help' });
  });
});

describe('moving to a neighbour', () => {
  const ids = ['a', 'b', 'c'];
  it('opens the first or the last when none is open', () => {
    expect(neighbour(ids, null, 1)).toBe('a');
    expect(neighbour(ids, null, -1)).toBe('c');
    expect(neighbour(ids, 'gone', 1)).toBe('a');
  });
  it('steps and stops at either end', () => {
    expect(neighbour(ids, 'a', 1)).toBe('b');
    expect(neighbour(ids, 'b', -1)).toBe('a');
    expect(neighbour(ids, 'c', 1)).toBeNull();
    expect(neighbour(ids, 'a', -1)).toBeNull();
    expect(neighbour([], null, 1)).toBeNull();
  });
});

describe('reading a browser key event', () => {
  it('knows the note from a button, and a dialog on top from the page', () => {
    const note = document.createElement('textarea');
    const button = document.createElement('button');
    document.body.append(note, button);
    const typed = new KeyboardEvent('keydown', { key: 'p' });
    Object.defineProperty(typed, 'target', { value: note });
    expect(keyPressOf(typed, true)).toMatchObject({ typing: true, elsewhere: false });
    const clicked = new KeyboardEvent('keydown', { key: 'p' });
    Object.defineProperty(clicked, 'target', { value: button });
    expect(keyPressOf(clicked, true)).toMatchObject({ typing: false, elsewhere: false });
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    expect(keyPressOf(clicked, true).elsewhere).toBe(true);
    dialog.remove();
    note.remove();
    button.remove();
  });
});
