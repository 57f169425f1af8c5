import { useCallback, useEffect, useRef } from 'react';
import { browserDrafts } from './browserDrafts';
import type { DraftKey, StoredDraft } from './draftStore';

export interface BrowserDraftOptions<T> extends DraftKey {
  /** The dataset version the edit started from. */
  baseVersion: number;
  /** While true, every change of `value` is kept in this browser. */
  dirty: boolean;
  value: T;
}

/**
 * Keeps an editor's unsaved change in this browser while it has one, so
 * coming back to the dataset can offer it again. The copy goes when the
 * change does: `discardDraft` after a save or a discard. Opening an editor
 * does not remove a copy kept earlier; only a change made now replaces it.
 */
export function useBrowserDraft<T>({ organizationId, datasetId, editor, baseVersion, dirty, value }: BrowserDraftOptions<T>) {
  const key = useRef<DraftKey>({ organizationId, datasetId, editor });
  useEffect(() => {
    key.current = { organizationId, datasetId, editor };
  }, [organizationId, datasetId, editor]);

  useEffect(() => {
    if (dirty) browserDrafts.keep({ organizationId, datasetId, editor }, baseVersion, value);
  }, [organizationId, datasetId, editor, baseVersion, dirty, value]);

  const discardDraft = useCallback(() => browserDrafts.discard(key.current), []);
  const readDraft = useCallback(() => browserDrafts.read<T>(key.current) as StoredDraft<T> | null, []);
  return { discardDraft, readDraft };
}
