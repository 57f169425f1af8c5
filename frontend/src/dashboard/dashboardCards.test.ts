import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../unsaved/draftStore';
import { setCardShown, shownCards } from './dashboardCards';

function memory(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const ann = { userId: 'u1', organizationId: 'o1' };

describe('the dashboard cards', () => {
  it('show Waiting for review by default, with or without storage', () => {
    expect(shownCards(memory(), ann)).toEqual(['waiting-for-review']);
    expect(shownCards(null, ann)).toEqual(['waiting-for-review']);
  });

  it('keep a card removed, for that member and organization alone, and add it back', () => {
    const storage = memory();
    expect(setCardShown(storage, ann, 'waiting-for-review', false)).toEqual([]);
    expect(shownCards(storage, ann)).toEqual([]);
    expect(shownCards(storage, { ...ann, organizationId: 'o2' })).toEqual(['waiting-for-review']);
    expect(shownCards(storage, { ...ann, userId: 'u2' })).toEqual(['waiting-for-review']);
    expect(setCardShown(storage, ann, 'waiting-for-review', true)).toEqual(['waiting-for-review']);
    expect(shownCards(storage, ann)).toEqual(['waiting-for-review']);
  });

  it('fall back to the defaults over a copy they cannot read', () => {
    const storage = memory();
    storage.setItem('casebook.dashboard.o1.u1', '{not json');
    expect(shownCards(storage, ann)).toEqual(['waiting-for-review']);
    storage.setItem('casebook.dashboard.o1.u1', '[1,2]');
    expect(shownCards(storage, ann)).toEqual(['waiting-for-review']);
  });
});
