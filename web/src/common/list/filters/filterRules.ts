import type { FilterValue } from '@sitefleet/shared';
import { dateToSeconds, secondsToDate } from '../../format/dates';
import type { FilterDef, FormValue, FormValues } from './types';

type Wire = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Splits "a, b,,c " into ['a', 'b', 'c']. */
export function splitCsv(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A dialog value → the wire value; undefined means "no filter" (SPEC §5: empty removes). */
export function toWireValue(def: FilterDef, value: FormValue): FilterValue | undefined {
  if (def.kind === 'dateRange') {
    const range = typeof value === 'object' && value ? value : {};
    const min = range.from ? dateToSeconds(range.from) : null;
    const max = range.to ? dateToSeconds(range.to, true) : null;
    if (min === null && max === null) return undefined;
    return { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
  }
  if (typeof value !== 'string' || isBlank(value)) return undefined;
  const text = def.clean ? def.clean(value).trim() : value.trim();
  if (!text) return undefined;
  switch (def.kind) {
    case 'csv': {
      const items = splitCsv(text);
      return items.length ? { where_in: items } : undefined;
    }
    case 'notNull':
      if (text === 'null') return { where_null: true };
      if (text === 'not_null') return { where_not_null: true };
      return undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'select':
    case 'reference': {
      const choice = def.choices?.find((c) => String(c.id) === text);
      if (choice) return choice.id;
      return def.kind === 'reference' && /^\d+$/.test(text) ? Number(text) : text;
    }
    default:
      return text;
  }
}

/** A wire value → what the dialog shows for it (dates as YYYY-MM-DD, where_in as "a, b"). */
export function toFormValue(def: FilterDef, wire: unknown): FormValue {
  if (wire === undefined || wire === null) return def.kind === 'dateRange' ? {} : '';
  if (def.kind === 'dateRange') {
    const range = wire as { min?: unknown; max?: unknown };
    return { from: secondsToDate(range.min) ?? undefined, to: secondsToDate(range.max) ?? undefined };
  }
  if (typeof wire === 'object' && !Array.isArray(wire)) {
    const obj = wire as Record<string, unknown>;
    if (Array.isArray(obj.where_in)) return obj.where_in.join(', ');
    if (obj.where_null) return 'null';
    if (obj.where_not_null) return 'not_null';
    return '';
  }
  if (Array.isArray(wire)) return wire.join(', ');
  return String(wire);
}

export function toFormValues(defs: readonly FilterDef[], filter: Wire): FormValues {
  return Object.fromEntries(defs.map((def) => [def.source, toFormValue(def, filter[def.source])]));
}

/**
 * Applies the dialog's values to the current filter: every declared key is set or removed, keys the
 * dialog does not own (the search box's q) are kept.
 */
export function buildFilter(defs: readonly FilterDef[], values: FormValues, current: Wire = {}): Wire {
  let next: Wire = { ...current };
  for (const def of defs) {
    const wire = toWireValue(def, values[def.source]);
    next = wire === undefined ? removeFilter(next, def.source) : { ...next, [def.source]: wire };
  }
  return next;
}

export function removeFilter(filter: Wire, key: string): Wire {
  return Object.fromEntries(Object.entries(filter).filter(([k]) => k !== key));
}

/** The value part of an active-filter chip: "2024-01-01 – 2024-01-31", "a, b", "is empty", "Yes". */
export function describeValue(def: FilterDef | undefined, wire: unknown): string {
  if (def?.kind === 'dateRange' || (wire && typeof wire === 'object' && ('min' in wire || 'max' in wire))) {
    const { min, max } = wire as { min?: unknown; max?: unknown };
    const from = def?.kind === 'dateRange' ? secondsToDate(min) : min;
    const to = def?.kind === 'dateRange' ? secondsToDate(max) : max;
    if (from != null && to != null) return `${from} – ${to}`;
    return from != null ? `from ${from}` : `until ${to}`;
  }
  if (wire && typeof wire === 'object' && !Array.isArray(wire)) {
    const obj = wire as Record<string, unknown>;
    if (Array.isArray(obj.where_in)) return obj.where_in.join(', ');
    if (obj.where_null) return 'is empty';
    if (obj.where_not_null) return 'is set';
    return JSON.stringify(wire);
  }
  if (typeof wire === 'boolean') return wire ? 'Yes' : 'No';
  if (Array.isArray(wire)) return wire.join(', ');
  const choice = def?.choices?.find((c) => String(c.id) === String(wire));
  return choice ? choice.name : String(wire);
}

/** Active filters in display order: declared ones first, then any other key (e.g. from a shared URL). */
export function activeFilters(
  defs: readonly FilterDef[],
  filter: Wire,
): Array<{ key: string; def?: FilterDef }> {
  const keys = Object.keys(filter).filter((k) => !isBlank(filter[k]));
  const declared = defs.filter((d) => keys.includes(d.source)).map((def) => ({ key: def.source, def }));
  const others = keys.filter((k) => !defs.some((d) => d.source === k)).map((key) => ({ key }));
  return [...declared, ...others];
}
