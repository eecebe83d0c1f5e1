import type { FilterKind, FilterValueKind } from '@sitefleet/shared';

export interface Choice {
  id: string | number;
  name: string;
}

/**
 * One filter a list offers: a shared filter (its kind and value kind, see shared filters.ts) with what the
 * console adds to show it. Screens get them from `screenFilters`, never by hand.
 */
export interface FilterDef {
  /** The filter key on the wire (usually the field name). */
  source: string;
  label: string;
  kind: FilterKind;
  value: FilterValueKind;
  /** Labelled values: a select of them (enum values, or known values of a text filter). */
  choices?: readonly Choice[];
  /** For reference filters: the referenced resource's path and the field that names its records. */
  reference?: string;
  optionText?: string;
  /** Also shown in the quick filter bar above the list. */
  quick?: boolean;
  /** Normalises typed text before it is sent (e.g. a domain name without scheme and www). */
  clean?: (text: string) => string;
}

/**
 * How a filter is entered (SPEC §5 filter rules), from its shared kind and value kind:
 * - text: the value as typed (substring match for search filters on the server)
 * - csv: kind `in`, comma-separated values → {where_in: [...]}
 * - select / reference: one value (for list fields the server reads it as "contains")
 * - boolean: Yes / No
 * - notNull: kind `null`, "is empty" / "is set" → {where_null: true} / {where_not_null: true}
 * - dateRange: a timestamp range, from / to dates (YYYY-MM-DD) → {min, max} in epoch seconds
 * - numberRange: any other range, from / to numbers → {min, max}
 */
export type FilterWidget =
  'text' | 'csv' | 'select' | 'reference' | 'boolean' | 'notNull' | 'dateRange' | 'numberRange';

export function widgetOf(def: Pick<FilterDef, 'kind' | 'value' | 'choices'>): FilterWidget {
  if (def.kind === 'in') return 'csv';
  if (def.kind === 'null') return 'notNull';
  if (def.kind === 'range') return def.value === 'timestamp' ? 'dateRange' : 'numberRange';
  if (def.value === 'boolean') return 'boolean';
  if (def.value === 'reference') return 'reference';
  if (def.value === 'enum' || def.choices?.length) return 'select';
  return 'text';
}

const isRange = (w: FilterWidget) => w === 'dateRange' || w === 'numberRange';
export const isRangeWidget = (def: FilterDef) => isRange(widgetOf(def));

/** The full-text key every list's search box writes (ARCHITECTURE §3). */
export const SEARCH_KEY = 'q';

export type FormValue = string | { from?: string; to?: string } | null | undefined;
export type FormValues = Record<string, FormValue>;
