import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../unsaved/draftStore';
import { initialDatasetId, readRememberedDataset, rememberDataset, rememberedDatasetKey } from './rememberedDataset';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const NORTHWIND = { organizationId: 'org-1', userId: 'user-1' };

describe('remembered dataset', () => {
  it('remembers the last dataset added to, per organization and person', () => {
    const storage = memoryStorage();
    rememberDataset(storage, NORTHWIND, { id: 'd1', name: 'Returns' });
    rememberDataset(storage, NORTHWIND, { id: 'd2', name: 'Shipping' });
    expect(readRememberedDataset(storage, NORTHWIND)).toEqual({ id: 'd2', name: 'Shipping' });
    expect(readRememberedDataset(storage, { organizationId: 'org-2', userId: 'user-1' })).toBeNull();
    expect(readRememberedDataset(storage, { organizationId: 'org-1', userId: 'user-2' })).toBeNull();
    expect(rememberedDatasetKey(NORTHWIND)).toBe('casebook:last-dataset:org-1:user-1');
  });

  it('ignores what it cannot read, and a browser that refuses to store', () => {
    const storage = memoryStorage();
    storage.setItem(rememberedDatasetKey(NORTHWIND), '{not json');
    expect(readRememberedDataset(storage, NORTHWIND)).toBeNull();
    storage.setItem(rememberedDatasetKey(NORTHWIND), JSON.stringify({ id: 42, name: 'x' }));
    expect(readRememberedDataset(storage, NORTHWIND)).toBeNull();
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => rememberDataset(refusing, NORTHWIND, { id: 'd1', name: 'Returns' })).not.toThrow();
    expect(readRememberedDataset(null, NORTHWIND)).toBeNull();
  });
});

describe('initialDatasetId', () => {
  it('starts on the dataset Activity was opened for, then the remembered one, then the only one', () => {
    const editable = ['d1', 'd2'];
    expect(initialDatasetId(editable, { target: 'd2', remembered: { id: 'd1', name: 'Returns' } })).toBe('d2');
    expect(initialDatasetId(editable, { remembered: { id: 'd1', name: 'Returns' } })).toBe('d1');
    expect(initialDatasetId(editable, {})).toBeNull();
    expect(initialDatasetId(['d9'], {})).toBe('d9');
  });

  it('never offers a dataset no longer editable', () => {
    expect(initialDatasetId(['d1', 'd2'], { target: 'gone', remembered: { id: 'also-gone', name: 'Old' } })).toBeNull();
  });
});
