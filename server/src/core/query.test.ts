import { defineResource } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { defineServerResource } from './resource.js';
import { buildModels } from './model.js';
import { compileFilter, compileList, parseListQuery } from './query.js';
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

  it('compiles a page query and a count query sharing the filter parameters', () => {
    const lp = parseListQuery(model, {
      sortBy: 'size',
      sortOrder: 'DESC',
      page: '2',
      perPage: '50',
      filter: '{"kind":"B"}',
    });
    const q = compileList(model, lp);
    expect(q.pageSql).toMatch(
      /WHERE \(t."kind" = \$1\) ORDER BY t."size" DESC, t.id DESC LIMIT \$2 OFFSET \$3$/,
    );
    expect(q.params).toEqual(['B', 50, 50]);
    expect(q.countSql).toBe('SELECT count(*) AS total FROM "things" t WHERE (t."kind" = $1)');
    expect(q.countParams).toEqual(['B']);
  });
});
