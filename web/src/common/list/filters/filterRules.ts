import { FILTER_OPERATORS, type FilterValue } from '@sitefleet/shared';
import { dateToSeconds, secondsToDate } from '../../format/dates';
import { isRangeWidget, widgetOf, type FilterDef, type FormValue, type FormValues } from './types';

const { in: IN, null: NULL, notNull: NOT_NULL } = FILTER_OPERATORS;

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
  const widget = widgetOf(def);
  if (widget === 'dateRange' || widget === 'numberRange') return toRange(widget, value);
  if (typeof value !== 'string' || isBlank(value)) return undefined;
  const text = def.clean ? def.clean(value).trim() : value.trim();
  if (!text) return undefined;
  switch (widget) {
    case 'csv': {
      const items = splitCsv(text);
      return items.length ? { [IN]: items } : undefined;
    }
    case 'notNull':
      if (text === 'null') return { [NULL]: true };
      if (text === 'not_null') return { [NOT_NULL]: true };
      return undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'select':
    case 'reference': {
      const choice = def.choices?.find((c) => String(c.id) === text);
      if (choice) return choice.id;
      return widget === 'reference' && /^\d+$/.test(text) ? Number(text) : text;
    }
    default:
      return text;
  }
}

function toRange(widget: 'dateRange' | 'numberRange', value: FormValue): FilterValue | undefined {
  const range = typeof value === 'object' && value ? value : {};
  const read = (text: string | undefined, end: boolean) => {
    if (!text) return null;
    if (widget === 'dateRange') return dateToSeconds(text, end);
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
  };
  const min = read(range.from, false);
  const max = read(range.to, true);
  if (min === null && max === null) return undefined;
  return { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

/** A wire value → what the dialog shows for it (dates as YYYY-MM-DD, where_in as "a, b"). */
export function toFormValue(def: FilterDef, wire: unknown): FormValue {
  if (wire === undefined || wire === null) return isRangeWidget(def) ? {} : '';
  if (isRangeWidget(def)) {
    const range = wire as { min?: unknown; max?: unknown };
    if (widgetOf(def) === 'numberRange') {
      const text = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : undefined);
      return { from: text(range.min), to: text(range.max) };
    }
    return { from: secondsToDate(range.min) ?? undefined, to: secondsToDate(range.max) ?? undefined };
  }
  if (typeof wire === 'object' && !Array.isArray(wire)) {
    const obj = wire as Record<string, unknown>;
    if (Array.isArray(obj[IN])) return obj[IN].join(', ');
    if (obj[NULL]) return 'null';
    if (obj[NOT_NULL]) return 'not_null';
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
  const dates = def !== undefined && widgetOf(def) === 'dateRange';
  if (dates || (wire && typeof wire === 'object' && ('min' in wire || 'max' in wire))) {
    const { min, max } = wire as { min?: unknown; max?: unknown };
    const from = dates ? secondsToDate(min) : min;
    const to = dates ? secondsToDate(max) : max;
    if (from != null && to != null) return `${from} – ${to}`;
    return from != null ? `from ${from}` : `until ${to}`;
  }
  if (wire && typeof wire === 'object' && !Array.isArray(wire)) {
    const obj = wire as Record<string, unknown>;
    if (Array.isArray(obj[IN])) return obj[IN].join(', ');
    if (obj[NULL]) return 'is empty';
    if (obj[NOT_NULL]) return 'is set';
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
