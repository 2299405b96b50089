import { describe, expect, it } from 'vitest';

import { apiFilters, listParams } from './activity-api-filters';
import { filtersOf, parseActivitySearch } from './activity-search';

describe('parseActivitySearch', () => {
  it('keeps valid filters and the page, as the URL writes them', () => {
    expect(
      parseActivitySearch({
        person: '2',
        area: 'rule',
        from: '2026-02-26',
        to: '2026-02-28',
        search: ' stage ',
        page: '3',
      }),
    ).toEqual({
      person: 2,
      area: 'rule',
      from: '2026-02-26',
      to: '2026-02-28',
      search: 'stage',
      page: 3,
    });
  });

  it('drops what is not a filter, and page 1', () => {
    expect(
      filtersOf(
        parseActivitySearch({
          person: 'dana',
          area: 'weather',
          from: '2026-02-30',
          to: 'yesterday',
          search: '   ',
          page: 1,
        }),
      ),
    ).toEqual({});
    expect(parseActivitySearch({ page: 1 }).page).toBeUndefined();
  });

  it('swaps days given the wrong way round', () => {
    expect(parseActivitySearch({ from: '2026-03-01', to: '2026-02-01' })).toMatchObject({
      from: '2026-02-01',
      to: '2026-03-01',
    });
  });

  it('bounds the search text as the contract does', () => {
    expect(parseActivitySearch({ search: 'x'.repeat(300) }).search).toHaveLength(200);
  });
});

describe('listParams', () => {
  it('asks page 1 without a page number, and the others with theirs', () => {
    expect(listParams({ area: 'user' }, 1)).toEqual({ area: 'user' });
    expect(listParams({ area: 'user' }, 2)).toEqual({ area: 'user', page: 2 });
  });
});

describe('the days asked for', () => {
  it('are the user’s own days: from local midnight to the local midnight after the last', () => {
    const days = { from: '2026-03-01', to: '2026-03-02' };
    expect(apiFilters(days, 'America/New_York')).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-03-03T05:00:00.000Z',
    });
    expect(apiFilters(days, 'Asia/Tokyo')).toEqual({
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-03-02T15:00:00.000Z',
    });
    // A night the clocks move (New York, 8 March 2026): the next midnight is at UTC-4.
    expect(apiFilters({ to: '2026-03-08' }, 'America/New_York')).toEqual({
      to: '2026-03-09T04:00:00.000Z',
    });
  });

  it('keep the target of a "Last changed by" link', () => {
    expect(parseActivitySearch({ area: 'sync_filter', target: '7' })).toMatchObject({
      area: 'sync_filter',
      target: '7',
    });
  });
});
