import { useEffect, useLayoutEffect, useRef } from 'react';
import type { LocationLike } from './exitDecision';
import { type UnsavedEditor, useUnsavedChangesApi } from './UnsavedChangesProvider';

export interface UnsavedChangesOptions {
  /** Stable for the editor's lifetime: `case:42`, `grading`, `dataset-details`. */
  id: string;
  /** What is being edited, in words, for the question. */
  label: string;
  dirty: boolean;
  /** Whether Save may be offered: the change is valid and complete as it stands. */
  canSave: boolean;
  /** Saves; resolves false (or rejects) after showing why it failed. */
  save: () => Promise<boolean>;
  /** Drops the change and its browser draft. */
  discard: () => void;
  /** True when `next` still shows this editor; by default only the same address does. */
  keepsLocation?: (next: LocationLike, current: LocationLike) => boolean;
  /** False for an editor whose save makes no version (Grading, the dataset's details). */
  createsVersion?: boolean;
  /** What saving does, for an editor outside a dataset: "Saving creates a new version of the agent." */
  saveEffect?: string;
  /** For choices that are acted on rather than saved: why there is no Save (`canSave` false). */
  unsavable?: string;
}

/**
 * An editor's registration with the unsaved-changes guard. While `dirty`,
 * leaving by a link, Back, switching organization or signing out asks first,
 * and reloading or closing the tab shows the browser's warning. The returned
 * `confirmClose` asks before the editor closes itself (a drawer's close button).
 */
export function useUnsavedChanges(options: UnsavedChangesOptions): { confirmClose: () => Promise<boolean> } {
  const { register, changed, confirmExit } = useUnsavedChangesApi();
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const { id, dirty, canSave, label } = options;
  useEffect(() => {
    // Fields are read through the ref, so the guard always sees the editor as it is now.
    const editor: UnsavedEditor = {
      id,
      get label() {
        return latest.current.label;
      },
      get dirty() {
        return latest.current.dirty;
      },
      get canSave() {
        return latest.current.canSave;
      },
      get createsVersion() {
        return latest.current.createsVersion;
      },
      get saveEffect() {
        return latest.current.saveEffect;
      },
      get unsavable() {
        return latest.current.unsavable;
      },
      save: () => latest.current.save(),
      discard: () => latest.current.discard(),
      keepsLocation: (next, current) => latest.current.keepsLocation?.(next, current) ?? (next.pathname === current.pathname && next.search === current.search),
    };
    return register(editor);
  }, [register, id]);

  useEffect(() => changed(), [changed, dirty, canSave, label]);

  return { confirmClose: () => confirmExit({ kind: 'close-editor', editorIds: [id] }) };
}
