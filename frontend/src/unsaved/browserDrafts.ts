import { DraftStore, type KeyValueStorage } from './draftStore';

function localStorageIfAllowed(): KeyValueStorage | null {
  try {
    // Reading the property throws where the browser blocks site data.
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The console's one draft store, over this browser's localStorage. */
export const browserDrafts = new DraftStore(localStorageIfAllowed());
