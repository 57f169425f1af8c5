import { describe, expect, it } from 'vitest';
import { activityForDataset, activitySearch, filterKey, isFiltered, readActivityParams, runFilterFrom, runPath } from './activityParams';

describe('readActivityParams', () => {
  it('reads every filter and the dataset Add to dataset adds to', () => {
    expect(readActivityParams('?agent=QWdlbnQ6MQ%3D%3D&rating=DOWN&since=2025-03-01&until=2025-03-03&isolated=yes&eval=no&dataset=RGF0YXNldDo0')).toEqual({
      agentId: 'QWdlbnQ6MQ==',
      rating: 'DOWN',
      since: '2025-03-01',
      until: '2025-03-03',
      isolated: 'yes',
      eval: 'no',
      datasetId: 'RGF0YXNldDo0',
    });
  });

  it('drops what it cannot read rather than sending it', () => {
    expect(readActivityParams('?rating=SIDEWAYS&since=yesterday&until=2025-13-45&isolated=maybe&eval=1&agent=%20')).toEqual({
      agentId: null,
      rating: null,
      since: null,
      until: null,
      isolated: null,
      eval: null,
      datasetId: null,
    });
  });

  it('round-trips through the address, defaults left out', () => {
    const search = '?agent=a&rating=UNRATED&since=2025-01-31&isolated=no&dataset=d';
    expect(activitySearch(readActivityParams(search))).toBe(search);
    expect(activitySearch(readActivityParams(''))).toBe('');
  });
});

describe('runFilterFrom', () => {
  it('reads the days in the browser’s time zone, the last one included', () => {
    const filter = runFilterFrom(readActivityParams('?since=2025-03-01&until=2025-03-03'));
    expect(filter.since).toBe(new Date('2025-03-01T00:00:00').toISOString());
    // "Up to and including the 3rd" is "started before midnight starting the 4th".
    expect(filter.until).toBe(new Date('2025-03-04T00:00:00').toISOString());
  });

  it('sends the flags as booleans and leaves the rest out', () => {
    expect(runFilterFrom(readActivityParams('?isolated=yes&eval=no&rating=UP'))).toEqual({
      agentId: null,
      rating: 'UP',
      since: null,
      until: null,
      isolated: true,
      eval: false,
    });
  });

  it('starts paging again when a filter changes, not when the dataset does', () => {
    const plain = readActivityParams('?rating=UP');
    expect(filterKey(plain)).toBe(filterKey(readActivityParams('?rating=UP&dataset=x')));
    expect(filterKey(plain)).not.toBe(filterKey(readActivityParams('?rating=DOWN')));
    expect(isFiltered(readActivityParams('?dataset=x'))).toBe(false);
    expect(isFiltered(plain)).toBe(true);
  });
});

describe('paths', () => {
  it('keeps the filters and the dataset on a run’s detail, so the way back is the same table', () => {
    expect(runPath('UnVuOjk=', readActivityParams('?rating=DOWN&dataset=d'))).toBe('/activity/runs/UnVuOjk%3D?rating=DOWN&dataset=d');
    expect(activityForDataset('RGF0YXNldDo0')).toBe('/activity?dataset=RGF0YXNldDo0');
  });
});
