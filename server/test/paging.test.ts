import { LIMITS, type ListMeta } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

const DOMAINS = '/dms/api/v1/domains';
const PER_PAGE = 7;
const ROWS = 61;

interface Page {
  data: Array<{ id: number }>;
  meta: ListMeta;
}

describe.each(DATABASES)('keyset paging and totals (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;

  /** GET the domains list; the page's ids and meta, or the failed response. */
  async function list(query: Record<string, string | number>) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return t.call<Page & { error?: { message: string } }>({
      method: 'GET',
      url: `${DOMAINS}?${qs.toString()}`,
      headers: admin,
    });
  }

  async function page(query: Record<string, string | number>): Promise<Page> {
    const res = await list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  const ids = (p: Page) => p.data.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    // Repeated values, and NULLs in the nullable columns, so ties and the NULL block are crossed.
    await t.db.query(
      `INSERT INTO domains (name, unicode_name, pulled_from, creation_date, deindexed)
       SELECT 'paging-' || g || '.com', 'paging-' || g || '.com',
              CASE WHEN g % 4 = 0 THEN NULL ELSE 'source-' || (g % 3) END,
              CASE WHEN g % 5 = 0 THEN NULL ELSE 1000 + (g % 6) END,
              g % 2 = 0
         FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const sorts = ['pulled_from', 'creation_date', 'deindexed', 'name', 'id', 'created_at'];
  const cases = sorts.flatMap((sortBy) =>
    (['ASC', 'DESC'] as const).map((order) => [sortBy, order] as const),
  );

  it.each(cases)(
    'walks every page by %s %s forward and back, exactly as OFFSET pages them',
    async (sortBy, sortOrder) => {
      const base = { sortBy, sortOrder, perPage: PER_PAGE, filter: JSON.stringify({ name: 'paging-' }) };
      const pages = Math.ceil(ROWS / PER_PAGE);
      const byOffset: number[][] = [];
      for (let p = 1; p <= pages; p++) byOffset.push(ids(await page({ ...base, page: p })));
      const direct = await t.db.query<{ id: number }>(
        `SELECT id FROM domains WHERE name LIKE 'paging-%' ORDER BY ${sortBy} ${sortOrder}, id ${sortOrder}`,
      );
      expect(byOffset.flat()).toEqual(direct.rows.map((r) => Number(r.id)));

      let current = await page({ ...base, page: 1 });
      const forward = [ids(current)];
      for (let p = 2; p <= pages; p++) {
        current = await page({ ...base, page: p, after: current.meta.cursors!.last });
        forward.push(ids(current));
      }
      expect(forward).toEqual(byOffset);
      const beyond = await page({ ...base, page: pages + 1, after: current.meta.cursors!.last });
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.cursors).toBeNull();

      const backward = [ids(current)];
      for (let p = pages - 1; p >= 1; p--) {
        current = await page({ ...base, page: p, before: current.meta.cursors!.first });
        backward.unshift(ids(current));
      }
      expect(backward).toEqual(byOffset);
    },
  );

  it('keeps the filter and answers a full first page when moving back past it', async () => {
    const base = {
      sortBy: 'name',
      sortOrder: 'ASC',
      perPage: PER_PAGE,
      filter: JSON.stringify({ q: 'paging-1' }),
    };
    const first = await page({ ...base, page: 1 });
    const second = await page({ ...base, page: 2, after: first.meta.cursors!.last });
    expect(second.data.every((r) => (r as { name?: string }).name?.includes('paging-1'))).toBe(true);
    // A cursor inside the first page: fewer rows lie before it than a page holds.
    const early = await page({ ...base, page: 1, before: second.meta.cursors!.first });
    expect(ids(early)).toEqual(ids(first));
    const third = first.data[2]!;
    const fromThird = await page({ ...base, page: 2, after: first.meta.cursors!.last });
    expect(fromThird.data.some((r) => r.id === third.id)).toBe(false);
  });

  it('refuses a cursor that is not one, or belongs to another sort, with a 400 naming it', async () => {
    const first = await page({ sortBy: 'name', sortOrder: 'ASC', perPage: PER_PAGE });
    const cursor = first.meta.cursors!.last;
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ sortBy: 'name', sortOrder: 'DESC', after: cursor }, /^after: /],
      [{ sortBy: 'id', before: cursor }, /^before: /],
      [{ sortBy: 'name', after: 'not-a-cursor' }, /^after: /],
      [{ sortBy: 'name', after: '%%%' }, /^after: /],
      [{ sortBy: 'name', after: cursor, before: cursor }, /after or before/],
      [{ exact: 'maybe' }, /exact/],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error?.message).toMatch(message);
    }
  });

  it('counts small lists exactly, large ones to a bound or by the estimate, and exactly on request', async () => {
    const small = await page({ filter: JSON.stringify({ name: 'paging-' }) });
    expect(small.meta).toMatchObject({ total: ROWS, totalKind: 'exact' });
    const extra = LIMITS.exactTotalMax + 40;
    await t.db.query(
      `INSERT INTO domains (name, unicode_name) SELECT 'bulk-' || g || '.net', 'bulk-' || g || '.net'
         FROM generate_series(1, $1::int) g`,
      [extra],
    );
    const all = ROWS + extra;
    const filtered = await page({ filter: JSON.stringify({ name: 'bulk-' }) });
    expect(filtered.meta).toMatchObject({ total: LIMITS.exactTotalMax, totalKind: 'atLeast' });
    const exact = await page({ filter: JSON.stringify({ name: 'bulk-' }), exact: 'true' });
    expect(exact.meta).toMatchObject({ total: extra, totalKind: 'exact' });
    await t.db.query('ANALYZE domains');
    const unfiltered = await page({});
    expect(unfiltered.meta.totalKind).toBe('estimate');
    expect(unfiltered.meta.total).toBeGreaterThan(LIMITS.exactTotalMax);
    expect(Math.abs(unfiltered.meta.total - all)).toBeLessThan(all * 0.1);
    expect((await page({ exact: 'true' })).meta).toMatchObject({ total: all, totalKind: 'exact' });
  });
});
