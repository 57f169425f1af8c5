/**
 * Unsaved case and Grading edits kept in this browser — never sent to the server.
 *
 * A draft is keyed by organization, dataset and editor, and remembers the
 * dataset version it was based on, so coming back can offer it again or, when
 * the dataset moved on, say so and offer only to discard it (see
 * `restoreOfferFor`). A very large change is not kept. Drafts go when the
 * editor saves or discards, and every draft goes when the person switches
 * organization or signs out.
 */

/** The part of the DOM's Storage a draft store uses. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface DraftKey {
  organizationId: string;
  datasetId: string;
  /** Which editor: `case:<id>`, `case:new`, `grading`, … */
  editor: string;
}

export interface StoredDraft<T> {
  /** The dataset version the edit started from. */
  baseVersion: number;
  /** When it was kept, ISO 8601. */
  savedAt: string;
  value: T;
}

/** `kept`; `too-large` (and any older copy removed); `unavailable` when the browser refused to store it. */
export type KeepResult = 'kept' | 'too-large' | 'unavailable';

/** A draft's size limit in UTF-16 code units of its stored JSON (~500 KB). */
export const MAX_DRAFT_CHARS = 250_000;

const PREFIX = 'casebook:draft:v1:';

export function storageKeyFor(key: DraftKey): string {
  return PREFIX + [key.organizationId, key.datasetId, key.editor].map(encodeURIComponent).join('/');
}

function organizationPrefix(organizationId: string): string {
  return `${PREFIX}${encodeURIComponent(organizationId)}/`;
}

function isStoredDraft(value: unknown): value is StoredDraft<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return Number.isInteger(draft.baseVersion) && typeof draft.savedAt === 'string' && 'value' in draft;
}

export class DraftStore {
  private readonly storage: KeyValueStorage | null;
  private readonly maxChars: number;
  private readonly now: () => Date;

  constructor(storage: KeyValueStorage | null, options: { maxChars?: number; now?: () => Date } = {}) {
    this.storage = storage;
    this.maxChars = options.maxChars ?? MAX_DRAFT_CHARS;
    this.now = options.now ?? (() => new Date());
  }

  keep<T>(key: DraftKey, baseVersion: number, value: T): KeepResult {
    if (this.storage === null) return 'unavailable';
    const storageKey = storageKeyFor(key);
    const draft: StoredDraft<T> = { baseVersion, savedAt: this.now().toISOString(), value };
    const serialised = JSON.stringify(draft);
    if (serialised.length > this.maxChars) {
      // An older, smaller copy would now be offered back as if it were the edit: drop it.
      this.storage.removeItem(storageKey);
      return 'too-large';
    }
    try {
      this.storage.setItem(storageKey, serialised);
      return 'kept';
    } catch {
      // Quota full or storage disabled: the edit stays on screen, only the copy is lost.
      this.storage.removeItem(storageKey);
      return 'unavailable';
    }
  }

  read<T>(key: DraftKey): StoredDraft<T> | null {
    if (this.storage === null) return null;
    const storageKey = storageKeyFor(key);
    const raw = this.storage.getItem(storageKey);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredDraft(parsed)) return parsed as StoredDraft<T>;
    } catch {
      // Written by something else or cut short: not a draft anyone can restore.
    }
    this.storage.removeItem(storageKey);
    return null;
  }

  /** After a save or a discard. */
  discard(key: DraftKey): void {
    this.storage?.removeItem(storageKeyFor(key));
  }

  /** Every draft of one organization. */
  clearOrganization(organizationId: string): void {
    this.removeWhere((storageKey) => storageKey.startsWith(organizationPrefix(organizationId)));
  }

  /** On switching organization and on signing out. */
  clearAll(): void {
    this.removeWhere((storageKey) => storageKey.startsWith(PREFIX));
  }

  /** Keys of the drafts kept for one dataset, for a screen that lists them. */
  editorsWithDrafts(organizationId: string, datasetId: string): string[] {
    const datasetPrefix = `${organizationPrefix(organizationId)}${encodeURIComponent(datasetId)}/`;
    return this.storageKeys()
      .filter((storageKey) => storageKey.startsWith(datasetPrefix))
      .map((storageKey) => decodeURIComponent(storageKey.slice(datasetPrefix.length)));
  }

  private storageKeys(): string[] {
    if (this.storage === null) return [];
    const keys: string[] = [];
    for (let index = 0; index < this.storage.length; index += 1) {
      const storageKey = this.storage.key(index);
      if (storageKey !== null) keys.push(storageKey);
    }
    return keys;
  }

  private removeWhere(matches: (storageKey: string) => boolean): void {
    // Collect first: removing while walking by index would skip keys.
    for (const storageKey of this.storageKeys().filter(matches)) this.storage?.removeItem(storageKey);
  }
}

/**
 * What to offer for a kept draft when its editor opens again. The newer-version
 * rule: a draft based on an older version than the dataset's newest may not be
 * restored over it — it can only be discarded, after reading what it was.
 */
export type RestoreOffer =
  | { kind: 'restore' }
  | { kind: 'discard-only'; draftVersion: number; latestVersion: number };

export function restoreOfferFor(draft: Pick<StoredDraft<unknown>, 'baseVersion'>, latestVersion: number): RestoreOffer {
  if (draft.baseVersion >= latestVersion) return { kind: 'restore' };
  return { kind: 'discard-only', draftVersion: draft.baseVersion, latestVersion };
}
