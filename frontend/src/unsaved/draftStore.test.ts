import { describe, expect, it } from 'vitest';
import { DraftStore, type KeyValueStorage, restoreOfferFor, storageKeyFor } from './draftStore';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const fixedNow = () => new Date('2026-11-30T10:00:00Z');
const caseDraft = { organizationId: 'org-1', datasetId: 'ds-7', editor: 'case:42' };

function storeWith(storage = new MemoryStorage(), maxChars?: number) {
  return { storage, drafts: new DraftStore(storage, { now: fixedNow, ...(maxChars ? { maxChars } : {}) }) };
}

describe('DraftStore', () => {
  it('keeps a draft with the version it was based on and gives it back', () => {
    const { drafts } = storeWith();
    expect(drafts.keep(caseDraft, 12, { input: 'Where is my refund?' })).toBe('kept');
    expect(drafts.read(caseDraft)).toEqual({
      baseVersion: 12,
      savedAt: '2026-11-30T10:00:00.000Z',
      value: { input: 'Where is my refund?' },
    });
  });

  it('keys drafts by organization, dataset and editor', () => {
    const { drafts } = storeWith();
    drafts.keep(caseDraft, 1, 'a');
    expect(drafts.read({ ...caseDraft, organizationId: 'org-2' })).toBeNull();
    expect(drafts.read({ ...caseDraft, datasetId: 'ds-8' })).toBeNull();
    expect(drafts.read({ ...caseDraft, editor: 'grading' })).toBeNull();
  });

  it('does not keep a very large change, and drops the older copy it would replace', () => {
    const { drafts } = storeWith(new MemoryStorage(), 200);
    drafts.keep(caseDraft, 3, 'short');
    expect(drafts.keep(caseDraft, 3, 'x'.repeat(500))).toBe('too-large');
    expect(drafts.read(caseDraft)).toBeNull();
  });

  it('says so when the browser refuses to store the draft', () => {
    const { storage, drafts } = storeWith();
    storage.failWrites = true;
    expect(drafts.keep(caseDraft, 3, 'anything')).toBe('unavailable');
    expect(drafts.read(caseDraft)).toBeNull();
  });

  it('works, keeping nothing, where the browser gives no storage', () => {
    const drafts = new DraftStore(null);
    expect(drafts.keep(caseDraft, 1, 'x')).toBe('unavailable');
    expect(drafts.read(caseDraft)).toBeNull();
    expect(() => drafts.clearAll()).not.toThrow();
  });

  it('removes a draft on save or discard', () => {
    const { drafts } = storeWith();
    drafts.keep(caseDraft, 1, 'x');
    drafts.discard(caseDraft);
    expect(drafts.read(caseDraft)).toBeNull();
  });

  it('clears every draft, and only drafts, on switching organization or signing out', () => {
    const { storage, drafts } = storeWith();
    storage.setItem('casebook:theme', 'light');
    drafts.keep(caseDraft, 1, 'x');
    drafts.keep({ ...caseDraft, editor: 'grading' }, 1, 'y');
    drafts.keep({ ...caseDraft, organizationId: 'org-2' }, 1, 'z');
    drafts.clearAll();
    expect([...storage.items.keys()]).toEqual(['casebook:theme']);
  });

  it('clears one organization’s drafts without touching another’s', () => {
    const { drafts } = storeWith();
    drafts.keep(caseDraft, 1, 'x');
    drafts.keep({ ...caseDraft, organizationId: 'org-10' }, 1, 'y');
    drafts.clearOrganization('org-1');
    expect(drafts.read(caseDraft)).toBeNull();
    expect(drafts.read({ ...caseDraft, organizationId: 'org-10' })?.value).toBe('y');
  });

  it('lists the editors with drafts in one dataset', () => {
    const { drafts } = storeWith();
    drafts.keep(caseDraft, 1, 'x');
    drafts.keep({ ...caseDraft, editor: 'grading' }, 1, 'y');
    drafts.keep({ ...caseDraft, datasetId: 'ds-70' }, 1, 'z');
    expect(drafts.editorsWithDrafts('org-1', 'ds-7').sort()).toEqual(['case:42', 'grading']);
  });

  it('forgets a stored value that is not a draft', () => {
    const { storage, drafts } = storeWith();
    storage.setItem(storageKeyFor(caseDraft), '{"baseVersion":"twelve"}');
    expect(drafts.read(caseDraft)).toBeNull();
    storage.setItem(storageKeyFor(caseDraft), '{not json');
    expect(drafts.read(caseDraft)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps ids with slashes apart', () => {
    const { drafts } = storeWith();
    drafts.keep({ organizationId: 'a/b', datasetId: 'c', editor: 'e' }, 1, 'first');
    drafts.keep({ organizationId: 'a', datasetId: 'b/c', editor: 'e' }, 1, 'second');
    expect(drafts.read({ organizationId: 'a/b', datasetId: 'c', editor: 'e' })?.value).toBe('first');
  });
});

describe('restoreOfferFor', () => {
  it('offers to restore a draft based on the newest version', () => {
    expect(restoreOfferFor({ baseVersion: 12 }, 12)).toEqual({ kind: 'restore' });
  });

  it('offers only to discard when the dataset has a newer version', () => {
    expect(restoreOfferFor({ baseVersion: 12 }, 14)).toEqual({ kind: 'discard-only', draftVersion: 12, latestVersion: 14 });
  });
});
