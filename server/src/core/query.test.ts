import { defineResource } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { defineServerResource } from './resource.js';
import { buildModels } from './model.js';
import { compileFilter, compileList, encodeCursor, parseListQuery } from './query.js';
import { Params } from './sql.js';

const things = defineResource({
  name: 'things',
  service: 'dms',
  path: 'dms/api/v1/things',
  label: 'Things',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: { kind: 'string', filter: 'search', sortable: true, searchable: true },
    notes: { kind: 'text', searchable: true },
    kind: { kind: 'enum', values: ['A', 'B'], filter: 'eq' },
    size: { kind: 'integer', filter: 'range', sortable: true },
    live: { kind: 'boolean', filter: 'eq' },
    owner_id: { kind: 'reference', reference: 'things', filter: 'eq' },
    labels: { kind: 'strings', filter: 'eq' },
    seen_at: { kind: 'timestamp', filter: 'range' },
  },
});
const model = buildModels([defineServerResource({ spec: things })]).get('things')!;

function where(filter: Record<string, unknown>) {
  const p = new Params();
  return { sql: compileFilter(model, filter, p), params: p.values };
}

describe('filter compiler', () => {
  it('compiles equality, searchable substrings and q with every value as a parameter', () => {
    expect(where({ kind: 'A', name: "o'Brien%" })).toEqual({
      sql: ['(t."kind" = $1)', '(t."name" ILIKE $2)'],
      params: ['A', "%o'Brien\\%%"],
    });
    expect(where({ q: 'shop' })).toEqual({
      sql: ['(t."name" ILIKE $1 OR t."notes" ILIKE $1)'],
      params: ['%shop%'],
    });
  });

  it('compiles where_in, plain arrays, null flags and inclusive ranges', () => {
    expect(where({ id: { where_in: [1, '2'] } })).toEqual({
      sql: ['(t."id" = ANY($1::bigint[]))'],
      params: [[1, 2]],
    });
    expect(where({ kind: ['A', 'B'] }).sql).toEqual(['(t."kind" = ANY($1::text[]))']);
    expect(where({ owner_id: { where_null: true } }).sql).toEqual(['(t."owner_id" IS NULL)']);
    expect(where({ owner_id: { where_not_null: true } }).sql).toEqual(['(t."owner_id" IS NOT NULL)']);
    expect(where({ size: { min: 2, max: '9' } })).toEqual({
      sql: ['(t."size" >= $1 AND t."size" <= $2)'],
      params: [2, 9],
    });
    expect(where({ seen_at: { min: 1700000000 } }).params).toEqual([1700000000]);
  });

  it('treats a scalar on a list field as "contains" and a list as "overlaps"', () => {
    expect(where({ labels: 'x' }).sql).toEqual(['(t."labels" @> ARRAY[$1]::text[])']);
    expect(where({ labels: { where_in: ['x', 'y'] } }).sql).toEqual(['(t."labels" && $1::text[])']);
    expect(where({ labels: { where_null: true } }).sql[0]).toContain('cardinality');
  });

  it('drops empty values', () => {
    expect(where({ name: '', kind: null, labels: [], size: {} }).sql).toEqual([]);
  });

  it('coerces booleans and numbers and refuses values of the wrong type, naming the key', () => {
    expect(where({ live: 'true' }).params).toEqual([true]);
    expect(() => where({ live: 'maybe' })).toThrow(/filter.live/);
    expect(() => where({ size: { min: 'big' } })).toThrow(/filter.size/);
    expect(() => where({ id: 1.5 })).toThrow(/whole number/);
    expect(() => where({ kind: 'C' })).toThrow(/not one of A, B/);
    expect(() => where({ owner_id: { like: 1 } })).toThrow(/unknown operator "like"/);
    expect(() => where({ notes: 'x' })).toThrow(/cannot be filtered by "notes"/);
    expect(() => where({ kind: { min: 1 } })).toThrow(/min is not supported/);
    expect(() => where({ q: { a: 1 } })).toThrow(/filter.q/);
  });

  it('parses sort, order, paging and filter JSON, refusing what is not allowed', () => {
    expect(parseListQuery(model, {})).toEqual({
      sortBy: 'name',
      sortOrder: 'ASC',
      page: 1,
      perPage: 25,
      filter: {},
    });
    expect(parseListQuery(model, { perPage: '10' }).perPage).toBe(25);
    expect(
      parseListQuery(model, { sortBy: 'size', sortOrder: 'desc', page: '3', perPage: '100' }),
    ).toMatchObject({
      sortBy: 'size',
      sortOrder: 'DESC',
      page: 3,
      perPage: 100,
    });
    expect(() => parseListQuery(model, { sortBy: 'notes' })).toThrow(/sortBy/);
    expect(() => parseListQuery(model, { perPage: '5001' })).toThrow(/perPage/);
    expect(() => parseListQuery(model, { page: '-1' })).toThrow(/page/);
    expect(() => parseListQuery(model, { filter: '{' })).toThrow(/not valid JSON/);
    expect(() => parseListQuery(model, { filter: '"x"' })).toThrow(/JSON object/);
  });

  it('compiles a page query and a bounded count sharing the filter parameters', () => {
    const lp = parseListQuery(model, {
      sortBy: 'size',
      sortOrder: 'DESC',
      perPage: '50',
      filter: '{"kind":"B"}',
    });
    const q = compileList(model, lp);
    expect(q.pageSql).toMatch(
      /WHERE \(t."kind" = \$1\) ORDER BY t."size" DESC, t.id DESC LIMIT \$2 OFFSET \$3$/,
    );
    expect(q.params).toEqual(['B', 50, 0]);
    expect(q.countSql).toBe(
      'SELECT count(*) AS total FROM (SELECT 1 FROM "things" t WHERE (t."kind" = $1) LIMIT 10001) s',
    );
    expect(q.countParams).toEqual(['B']);
    expect(q.narrowed).toBe(true);
    const exact = compileList(model, { ...lp, exact: true });
    expect(exact.countSql).toBe('SELECT count(*) AS total FROM "things" t WHERE (t."kind" = $1)');
    expect(compileList(model, parseListQuery(model, {})).narrowed).toBe(false);
  });

  it('jumps deep through the page ids alone, then reads just those rows', () => {
    const lp = parseListQuery(model, { sortBy: 'size', sortOrder: 'DESC', page: '3', perPage: '50' });
    const q = compileList(model, lp);
    expect(q.pageSql).toMatch(
      /FROM "things" t WHERE t.id = ANY\(ARRAY\(SELECT t.id FROM "things" t ORDER BY t."size" DESC, t.id DESC LIMIT \$1 OFFSET \$2\)\) ORDER BY t."size" DESC, t.id DESC$/,
    );
    expect(q.params).toEqual([50, 100]);
  });

  it('seeks past a cursor of the same sort, across the NULL block, and refuses any other cursor', () => {
    const asc = parseListQuery(model, { sortBy: 'size', sortOrder: 'ASC' });
    const cursor = encodeCursor(model, asc, { id: 7, size: 12 })!;
    const after = compileList(model, parseListQuery(model, { sortBy: 'size', after: cursor }));
    expect(after.pageSql).toMatch(
      /WHERE \(t."size", t.id\) > \(\$1, \$2\) ORDER BY t."size" ASC, t.id ASC LIMIT \$3$/,
    );
    expect(after.params).toEqual([12, 7, 25]);
    expect(after.restSql).toMatch(/WHERE t."size" IS NULL ORDER BY t."size" ASC, t.id ASC LIMIT \$1$/);
    expect(after.restParams).toEqual([25]);
    const before = compileList(model, parseListQuery(model, { sortBy: 'size', before: cursor }));
    expect(before.reversed).toBe(true);
    expect(before.pageSql).toMatch(/\(t."size", t.id\) < \(\$1, \$2\) ORDER BY t."size" DESC, t.id DESC/);
    expect(before.restSql).toBeNull();
    const inNulls = encodeCursor(model, asc, { id: 9, size: null })!;
    const back = compileList(model, parseListQuery(model, { sortBy: 'size', before: inNulls }));
    expect(back.pageSql).toMatch(/t."size" IS NULL AND t.id < \$1 ORDER BY t."size" DESC, t.id DESC/);
    expect(back.restSql).toMatch(/t."size" IS NOT NULL ORDER BY t."size" DESC, t.id DESC/);

    expect(() => parseListQuery(model, { sortBy: 'size', sortOrder: 'DESC', after: cursor })).toThrow(
      /^after: .*sort/,
    );
    expect(() => parseListQuery(model, { sortBy: 'name', before: cursor })).toThrow(/^before: /);
    expect(() => parseListQuery(model, { sortBy: 'size', after: cursor, before: cursor })).toThrow(
      /not both/,
    );
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      '',
      '***',
      forge({}),
      forge([1, 2]),
      forge(['x', 7, 'size', 'ASC']),
      forge([1, -7, 'size', 'ASC']),
    ];
    for (const after of [...bad, forge([1, 7.5, 'size', 'ASC'])]) {
      expect(() => parseListQuery(model, { sortBy: 'size', after })).toThrow(/^after: /);
    }
    const nul = forge(['\u0000', 7, 'name', 'ASC']);
    expect(() => parseListQuery(model, { sortBy: 'name', after: nul })).toThrow(/^after: .*NUL/);
    expect(() => parseListQuery(model, { exact: 'yes' })).toThrow(/exact/);
    expect(parseListQuery(model, { exact: 'true' }).exact).toBe(true);
  });
});
