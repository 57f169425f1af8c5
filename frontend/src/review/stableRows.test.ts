import { describe, expect, it } from 'vitest';
import { keepInPlace, withUpdate } from './stableRows';

const rows = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((row) => row.id);

describe('keeping decided rows in place', () => {
  it('shows the fresh page as it is when nothing was decided here', () => {
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows('a', 'c'), new Set()))).toEqual(['a', 'c']);
  });

  it('puts a decided row the filter now leaves out back where it was', () => {
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows('a', 'c'), new Set(['b'])))).toEqual(['a', 'b', 'c']);
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows('b', 'c'), new Set(['a'])))).toEqual(['a', 'b', 'c']);
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows('a', 'b'), new Set(['c'])))).toEqual(['a', 'b', 'c']);
  });

  it('keeps several decided in a row, in their order', () => {
    expect(ids(keepInPlace(rows('a', 'b', 'c', 'd', 'e'), rows('a', 'e'), new Set(['b', 'c', 'd'])))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows(), new Set(['a', 'b', 'c'])))).toEqual(['a', 'b', 'c']);
  });

  it('keeps a decided row beside its neighbour when newer answers arrive on top', () => {
    expect(ids(keepInPlace(rows('a', 'b', 'c'), rows('new', 'a', 'c'), new Set(['b'])))).toEqual(['new', 'a', 'b', 'c']);
  });

  it('takes the fresh copy of a row still on the page', () => {
    const fresh = [{ id: 'a', state: 'DECIDED' }];
    expect(keepInPlace([{ id: 'a', state: 'WAITING' }], fresh, new Set(['a']))).toEqual(fresh);
  });

  it('drops a row that was not decided here when the page leaves it out', () => {
    expect(ids(keepInPlace(rows('a', 'b'), rows('a'), new Set(['x'])))).toEqual(['a']);
  });

  it('lays a mutation’s answer over a kept row', () => {
    expect(withUpdate({ id: 'a', outcome: 'FAIL' }, { outcome: 'PASS' })).toEqual({ id: 'a', outcome: 'PASS' });
    expect(withUpdate({ id: 'a', outcome: 'FAIL' }, undefined)).toEqual({ id: 'a', outcome: 'FAIL' });
  });
});
