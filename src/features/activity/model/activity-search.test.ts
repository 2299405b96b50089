import { describe, expect, it } from 'vitest';

import { filtersOf, listParams, parseActivitySearch } from './activity-search';

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
