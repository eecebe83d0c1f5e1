import { describe, expect, it } from 'vitest';
import { defineResource } from './fields.js';
import { fieldLabel, filtersOf, humanize, sampleFilterValue } from './filters.js';

const spec = defineResource({
  name: 'gadgets',
  service: 'dms',
  path: 'dms/api/v1/gadgets',
  label: 'Gadgets',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  customFilters: { near: { value: 'integer', label: 'Near' } },
  fields: {
    name: { kind: 'string', filter: 'search' },
    main_ip: { kind: 'string', filter: 'in' },
    color: { kind: 'enum', values: ['red', 'blue'], filter: 'eq' },
    seen_at: { kind: 'timestamp', filter: 'range' },
    owner_id: { kind: 'reference', reference: 'users', label: 'Owner', filter: 'eq' },
    markets: { kind: 'strings', values: ['DE', 'US'], filter: 'eq' },
    retired: { kind: 'boolean', filter: 'null' },
    notes: { kind: 'text' },
  },
});

describe('one filter vocabulary', () => {
  it('lists every declared filter with its kind, value kind and label, custom ones last', () => {
    expect(filtersOf(spec).map((f) => [f.source, f.kind, f.value, f.label])).toEqual([
      ['name', 'search', 'text', 'Name'],
      ['main_ip', 'in', 'text', 'Main IP'],
      ['color', 'eq', 'enum', 'Color'],
      ['seen_at', 'range', 'timestamp', 'Seen at'],
      ['owner_id', 'eq', 'reference', 'Owner'],
      ['markets', 'eq', 'enum', 'Markets'],
      ['retired', 'null', 'boolean', 'Retired'],
      ['near', 'custom', 'integer', 'Near'],
    ]);
  });

  it('gives each filter a value of the shape the console sends', () => {
    expect(filtersOf(spec).map((f) => sampleFilterValue(f))).toEqual([
      'a',
      { where_in: ['a'] },
      'red',
      { min: 0, max: 1 },
      1,
      'DE',
      { where_null: true },
      1,
    ]);
  });

  it('labels a field by its key when it declares no label', () => {
    expect(['pulled_from', 'runcloud_server_id', 'dns_refreshed_at', 'txt'].map(humanize)).toEqual([
      'Pulled from',
      'Runcloud server ID',
      'DNS refreshed at',
      'TXT',
    ]);
    expect(fieldLabel(spec, 'seen_at')).toBe('Seen at');
    expect(
      fieldLabel(
        { ...spec, fields: { registrar_id: { kind: 'reference', reference: 'x' } } },
        'registrar_id',
      ),
    ).toBe('Registrar');
  });
});
