import { describe, expect, it } from 'vitest';
import { caseEditorKey, caseIdOfEditor, draftLabel, draftOffersFor, GRADING_EDITOR, NEW_CASE_EDITOR } from './draftOffers';
import { DraftStore, type KeyValueStorage } from './draftStore';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
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
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const scope = { organizationId: 'org-1', datasetId: 'ds-1' };

function storeAt(times: string[]) {
  let call = 0;
  return new DraftStore(new MemoryStorage(), { now: () => new Date(times[Math.min(call++, times.length - 1)] ?? '') });
}

describe('draftOffersFor', () => {
  it('offers to restore a change made on the newest version, newest change first', () => {
    const store = storeAt(['2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z']);
    store.keep({ ...scope, editor: 'case:7' }, 4, { input: 'Where is my refund?' });
    store.keep({ ...scope, editor: GRADING_EDITOR }, 4, { judge: {} });
    const offers = draftOffersFor(store, scope, 4);
    expect(offers.map((offer) => [offer.editor, offer.label, offer.offer.kind])).toEqual([
      ['grading', 'Grading', 'restore'],
      ['case:7', 'The case “Where is my refund?”', 'restore'],
    ]);
  });

  it('offers only to discard a change made before the newest version', () => {
    const store = storeAt(['2026-01-01T10:00:00Z']);
    store.keep({ ...scope, editor: NEW_CASE_EDITOR }, 3, { input: '' });
    expect(draftOffersFor(store, scope, 5)[0]?.offer).toEqual({ kind: 'discard-only', draftVersion: 3, latestVersion: 5 });
  });

  it('leaves out editors that are open, and other datasets and organizations', () => {
    const store = storeAt(['2026-01-01T10:00:00Z']);
    store.keep({ ...scope, editor: 'case:7' }, 1, {});
    store.keep({ ...scope, editor: GRADING_EDITOR }, 1, {});
    store.keep({ ...scope, datasetId: 'ds-2', editor: 'case:8' }, 1, {});
    store.keep({ ...scope, organizationId: 'org-2', editor: 'case:9' }, 1, {});
    expect(draftOffersFor(store, scope, 1, ['case:7']).map((offer) => offer.editor)).toEqual(['grading']);
  });
});

describe('editor keys and labels', () => {
  it('names case editors by case id', () => {
    expect(caseEditorKey('Q2FzZTox')).toBe('case:Q2FzZTox');
    expect(caseEditorKey(null)).toBe(NEW_CASE_EDITOR);
    expect(caseIdOfEditor('case:Q2FzZTox')).toBe('Q2FzZTox');
    expect(caseIdOfEditor(NEW_CASE_EDITOR)).toBeNull();
    expect(caseIdOfEditor(GRADING_EDITOR)).toBeNull();
  });

  it('says what the change was in words', () => {
    expect(draftLabel(NEW_CASE_EDITOR, { input: '' })).toBe('A new case');
    expect(draftLabel(NEW_CASE_EDITOR, { input: 'Hello\n  there' })).toBe('A new case “Hello there”');
    expect(draftLabel('case:1', null)).toBe('A case');
    expect(draftLabel('case:1', { input: 'x'.repeat(80) })).toMatch(/^The case “x{59}…”$/);
  });
});
