import { describe, expect, it } from 'vitest';
import { listKey, ListPaging } from './listPaging';

const query = { page: 1, perPage: 25, sortBy: 'name', sortOrder: 'ASC', filter: '{"q":"a"}' };
const cursors = (n: number) => ({ first: `first-${n}`, last: `last-${n}` });

describe('list paging memory', () => {
  it('moves to the next or previous page from the cursors of the page read last', () => {
    const paging = new ListPaging();
    const key = listKey('dms/api/v1/domains', query);
    expect(paging.seek(key, 2)).toEqual({});
    paging.remember(key, 1, cursors(1));
    expect(paging.seek(key, 2)).toEqual({ after: 'last-1' });
    expect(paging.seek(key, 3)).toEqual({});
    expect(paging.seek(key, 1)).toEqual({});
    paging.remember(key, 2, cursors(2));
    expect(paging.seek(key, 1)).toEqual({ before: 'first-2' });
    expect(paging.seek(key, 3)).toEqual({ after: 'last-2' });
    // A page without cursors (empty, or a computed sort) leaves nothing to seek from.
    paging.remember(key, 3, null);
    expect(paging.seek(key, 4)).toEqual({});
  });

  it('keeps each query apart: another sort, filter, page size or resource starts by page', () => {
    const paging = new ListPaging();
    paging.remember(listKey('dms/api/v1/domains', query), 1, cursors(1));
    for (const [resource, other] of [
      ['dms/api/v1/domains', { ...query, sortOrder: 'DESC' }],
      ['dms/api/v1/domains', { ...query, sortBy: 'id' }],
      ['dms/api/v1/domains', { ...query, filter: undefined }],
      ['dms/api/v1/domains', { ...query, perPage: 50 }],
      ['dms/api/v1/websites', query],
    ] as const) {
      expect(paging.seek(listKey(resource, other), 2)).toEqual({});
    }
  });

  it('counts exactly from the next read of a resource on, for that query only', () => {
    const paging = new ListPaging();
    const key = listKey('dms/api/v1/domains', query);
    const other = listKey('dms/api/v1/domains', { ...query, filter: undefined });
    expect(paging.isExact('dms/api/v1/domains', key)).toBe(false);
    paging.countExactly('dms/api/v1/domains');
    expect(paging.isExact('dms/api/v1/websites', listKey('dms/api/v1/websites', query))).toBe(false);
    expect(paging.isExact('dms/api/v1/domains', key)).toBe(true);
    expect(paging.isExact('dms/api/v1/domains', key)).toBe(true);
    expect(paging.isExact('dms/api/v1/domains', other)).toBe(false);
  });
});
