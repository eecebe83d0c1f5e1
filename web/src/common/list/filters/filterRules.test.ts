import { stripDomainInput } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  buildFilter,
  describeValue,
  removeFilter,
  splitCsv,
  toFormValue,
  toFormValues,
  toWireValue,
} from './filterRules';
import type { FilterDef } from './types';

const text: FilterDef = { source: 'name', label: 'Name', kind: 'search', value: 'text' };
const csv: FilterDef = { source: 'hostname', label: 'Hostname', kind: 'in', value: 'text' };
const notNull: FilterDef = { source: 'google_id', label: 'Google', kind: 'null', value: 'text' };
const dates: FilterDef = { source: 'last_login', label: 'Last login', kind: 'range', value: 'timestamp' };
const bool: FilterDef = { source: 'disabled', label: 'Disabled', kind: 'eq', value: 'boolean' };
const select: FilterDef = {
  source: 'method',
  label: 'Method',
  kind: 'eq',
  value: 'enum',
  choices: [{ id: 'GET', name: 'Get' }],
};
const ref: FilterDef = {
  source: 'roles',
  label: 'Role',
  kind: 'eq',
  value: 'reference',
  reference: 'ums/api/v1/roles',
};

describe('filter rules (SPEC §5)', () => {
  it('cleans typed text before sending it (a domain without scheme, www and path)', () => {
    const domain: FilterDef = {
      source: 'name',
      label: 'Name',
      kind: 'search',
      value: 'text',
      clean: stripDomainInput,
    };
    expect(toWireValue(domain, 'https://www.Example.com/page')).toBe('example.com');
    expect(toWireValue(domain, 'https://')).toBeUndefined();
  });

  it('removes a filter whose value is empty', () => {
    expect(toWireValue(text, '')).toBeUndefined();
    expect(toWireValue(text, '   ')).toBeUndefined();
    expect(toWireValue(text, null)).toBeUndefined();
    expect(buildFilter([text], { name: '' }, { name: 'old', q: 'x' })).toEqual({ q: 'x' });
  });

  it('trims text values', () => {
    expect(toWireValue(text, '  foo ')).toBe('foo');
  });

  it('splits a csv filter on commas, strips whitespace, and sends where_in', () => {
    expect(splitCsv(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(toWireValue(csv, 'a.com, b.com ,c.com')).toEqual({ where_in: ['a.com', 'b.com', 'c.com'] });
    expect(toWireValue(csv, ' , ,')).toBeUndefined();
  });

  it('turns a not-null choice into where_null / where_not_null flags', () => {
    expect(toWireValue(notNull, 'null')).toEqual({ where_null: true });
    expect(toWireValue(notNull, 'not_null')).toEqual({ where_not_null: true });
    expect(toWireValue(notNull, '')).toBeUndefined();
  });

  it('stores dates as epoch seconds (a whole day for the upper bound)', () => {
    expect(toWireValue(dates, { from: '2024-01-01', to: '2024-01-31' })).toEqual({
      min: 1704067200,
      max: 1706745599,
    });
    expect(toWireValue(dates, { from: '2024-01-01' })).toEqual({ min: 1704067200 });
    expect(toWireValue(dates, { from: 'not a date' })).toBeUndefined();
    expect(toWireValue(dates, {})).toBeUndefined();
  });

  it('shows stored dates as YYYY-MM-DD', () => {
    expect(toFormValue(dates, { min: 1704067200, max: 1706745599 })).toEqual({
      from: '2024-01-01',
      to: '2024-01-31',
    });
    expect(describeValue(dates, { min: 1704067200, max: 1706745599 })).toBe('2024-01-01 – 2024-01-31');
    expect(describeValue(dates, { min: 1704067200 })).toBe('from 2024-01-01');
  });

  it('maps booleans, selects and references', () => {
    expect(toWireValue(bool, 'true')).toBe(true);
    expect(toWireValue(bool, 'false')).toBe(false);
    expect(toWireValue(select, 'GET')).toBe('GET');
    expect(toWireValue(ref, '3')).toBe(3);
  });

  it('round-trips wire values through the dialog form', () => {
    const defs = [text, csv, notNull, dates, bool];
    const filter = {
      name: 'foo',
      hostname: { where_in: ['a', 'b'] },
      google_id: { where_not_null: true },
      last_login: { min: 1704067200, max: 1706745599 },
      disabled: false,
    };
    expect(buildFilter(defs, toFormValues(defs, filter))).toEqual(filter);
  });

  it('keeps keys the dialog does not own, such as the search box', () => {
    expect(buildFilter([text], { name: 'a' }, { q: 'hello' })).toEqual({ q: 'hello', name: 'a' });
  });

  it('describes chip values', () => {
    expect(describeValue(csv, { where_in: ['a', 'b'] })).toBe('a, b');
    expect(describeValue(notNull, { where_null: true })).toBe('is empty');
    expect(describeValue(notNull, { where_not_null: true })).toBe('is set');
    expect(describeValue(bool, true)).toBe('Yes');
    expect(describeValue(select, 'GET')).toBe('Get');
    expect(describeValue(undefined, 'x')).toBe('x');
  });

  it('lists active filters, declared first, and removes one', () => {
    const filter = { q: 'x', name: 'a', empty: '' };
    expect(activeFilters([text], filter)).toEqual([{ key: 'name', def: text }, { key: 'q' }]);
    expect(removeFilter(filter, 'name')).toEqual({ q: 'x', empty: '' });
  });
});
