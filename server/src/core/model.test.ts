import { defineResource, type Fields, type ResourceSpec } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { buildModels } from './model.js';
import { defineServerResource } from './resource.js';

function spec(fields: Fields, extra: Partial<ResourceSpec> = {}): ResourceSpec {
  return defineResource({
    name: 'widgets',
    service: 'dms',
    path: 'dms/api/v1/widgets',
    label: 'Widgets',
    titleField: 'name',
    defaultSort: { field: 'name', order: 'ASC' },
    fields: { name: { kind: 'string', sortable: true }, ...fields },
    ...extra,
  });
}
const check = (s: ResourceSpec, more: ResourceSpec[] = []) =>
  buildModels([s, ...more].map((x) => defineServerResource({ spec: x })));

describe('declaration checks at boot', () => {
  it('accepts a sound declaration and precomputes its output and filters', () => {
    const m = check(spec({ secret_key: { kind: 'secret' }, pass: { kind: 'string', writeOnly: true } })).get(
      'widgets',
    )!;
    expect(m.outputColumns).toEqual(['name']);
    expect(m.secretFields).toEqual(['secret_key']);
    expect(m.selectList).toContain('AS "secret_key_set"');
    expect([...m.filterable]).toEqual(['id', 'created_at', 'updated_at']);
  });

  it.each([
    ['a duplicate name', () => check(spec({}), [spec({}, { path: 'dms/api/v1/other' })]), /declared twice/],
    ['a duplicate path', () => check(spec({}), [spec({}, { name: 'others' })]), /path .* declared twice/],
    [
      'a path outside its service',
      () => check(spec({}, { path: 'ums/api/v1/widgets' })),
      /must start with dms/,
    ],
    [
      'an unknown reference',
      () => check(spec({ owner: { kind: 'reference', reference: 'nope' } })),
      /unknown resource "nope"/,
    ],
    ['an enum without values', () => check(spec({ k: { kind: 'enum' } })), /needs values/],
    [
      'a filter on a secret',
      () => check(spec({ s: { kind: 'secret', filter: 'eq' } })),
      /cannot be filtered/,
    ],
    [
      'a search filter on a number',
      () => check(spec({ n: { kind: 'integer', filter: 'search' } })),
      /search filter/,
    ],
    [
      'a filter on a JSON object',
      () => check(spec({ j: { kind: 'json', filter: 'eq' } })),
      /cannot be filtered \(kind json\)/,
    ],
    [
      'a custom filter shared declares and the server does not implement',
      () => check(spec({}, { customFilters: { near: { value: 'integer' } } })),
      /custom filter "near" has no server implementation/,
    ],
    [
      'sorting a list field',
      () => check(spec({ l: { kind: 'strings', sortable: true } })),
      /cannot be sortable/,
    ],
    [
      'an unsortable default sort',
      () => check(spec({}, { defaultSort: { field: 'zzz', order: 'ASC' } })),
      /default sort "zzz"/,
    ],
    ['an unknown title field', () => check(spec({}, { titleField: 'zzz' })), /title field "zzz"/],
    [
      'an unsafe column name',
      () => check(spec({ 'bad name': { kind: 'string' } })),
      /not a valid column name/,
    ],
    [
      'a required read-only field',
      () => check(spec({ r: { kind: 'string', readOnly: true, required: true } })),
      /read-only and required/,
    ],
    [
      'a secret-bearing object that does not declare its other keys',
      () => check(spec({ rdp: { kind: 'json', secretKeys: ['password'] } })),
      /not its plain keys/,
    ],
    [
      'secret keys outside a json field',
      () => check(spec({ t: { kind: 'text', secretKeys: ['password'], plainKeys: [] } })),
      /not a json field/,
    ],
    [
      'a key declared both secret and plain',
      () => check(spec({ rdp: { kind: 'json', secretKeys: ['password'], plainKeys: ['password'] } })),
      /declares a key twice/,
    ],
    [
      'a plain key named like a secret presence flag',
      () => check(spec({ rdp: { kind: 'json', secretKeys: ['password'], plainKeys: ['password_set'] } })),
      /clashes with a secret presence flag/,
    ],
  ])('refuses %s', (_label, run, message) => {
    expect(run).toThrow(message);
  });
});
