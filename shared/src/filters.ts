import type { FieldKind, FieldSpec, ResourceSpec } from './fields.js';

/**
 * The one filter vocabulary of shared, server and console. A filter key matches by its kind:
 * - eq: equal to one value (for list fields: contains it); a list of values, `{where_in}`, `{where_null}`
 *   and `{where_not_null}` are accepted too
 * - search: case-insensitive substring
 * - range: `{min, max}`, both inclusive, either optional
 * - in: one or more values, sent as `{where_in: [...]}`
 * - null: `{where_null: true}` (is empty) or `{where_not_null: true}` (is set)
 * - custom: the resource's own SQL on the server, fed one value of the declared value kind
 */
export type FilterKind = 'eq' | 'search' | 'range' | 'in' | 'null' | 'custom';

/** The kinds a field declares (`custom` filters are declared on the resource, see `customFilters`). */
export type FieldFilterKind = Exclude<FilterKind, 'custom'>;

/** What one filter value is: how the console enters it and the server reads it. */
export type FilterValueKind = 'text' | 'integer' | 'number' | 'boolean' | 'timestamp' | 'enum' | 'reference';

/** The operators of object filter values, by the filter kind that sends them. */
export const FILTER_OPERATORS = {
  in: 'where_in',
  null: 'where_null',
  notNull: 'where_not_null',
  min: 'min',
  max: 'max',
} as const;

/** A filter the server implements itself (SQL of its own), declared here so the console can offer it. */
export interface CustomFilterSpec {
  value: FilterValueKind;
  label?: string;
  /** For enum values. */
  values?: readonly (string | number)[];
  /** For reference values: the referenced resource's name. */
  reference?: string;
}

/** One filter of a resource as the console offers it and the server accepts it. */
export interface FilterSpec {
  source: string;
  kind: FilterKind;
  value: FilterValueKind;
  label: string;
  values?: readonly (string | number)[];
  reference?: string;
}

const ACRONYMS = new Set(['ip', 'dns', 'url', 'txt', 'ttl', 'http', 'cdn', 'ssl', 'id']);

/** "pulled_from" → "Pulled from", "main_ip" → "Main IP": the label of a field that declares none. */
export function humanize(key: string): string {
  const text = key
    .split('_')
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field's label; a reference is named after what it refers to ("registrar_id" → "Registrar"). */
export function fieldLabel(spec: ResourceSpec, key: string): string {
  const field = spec.fields[key];
  if (field?.label) return field.label;
  return humanize(field?.kind === 'reference' ? key.replace(/_id$/, '') : key);
}

/** The field kind a custom filter's value is checked as, by its declared value kind. */
export const FIELD_KIND_OF_VALUE: Record<FilterValueKind, FieldKind> = {
  text: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  timestamp: 'timestamp',
  enum: 'enum',
  reference: 'reference',
};

const VALUE_OF_KIND: Partial<Record<FieldKind, FilterValueKind>> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  timestamp: 'timestamp',
  enum: 'enum',
  reference: 'reference',
  references: 'reference',
};

/** The value kind of a field's filter: list fields filter by one of their items. */
export function filterValueOf(field: FieldSpec): FilterValueKind {
  if (field.kind === 'strings' && field.values) return 'enum';
  return VALUE_OF_KIND[field.kind] ?? 'text';
}

/** Every filter a resource declares, in declaration order: its fields' filters, then its custom ones. */
export function filtersOf(spec: ResourceSpec): FilterSpec[] {
  const out: FilterSpec[] = [];
  for (const [source, field] of Object.entries(spec.fields)) {
    if (!field.filter || spec.customFilters?.[source]) continue;
    out.push({
      source,
      kind: field.filter,
      value: filterValueOf(field),
      label: fieldLabel(spec, source),
      ...(field.values ? { values: field.values } : {}),
      ...(field.reference ? { reference: field.reference } : {}),
    });
  }
  for (const [source, custom] of Object.entries(spec.customFilters ?? {})) {
    out.push({
      source,
      kind: 'custom',
      value: custom.value,
      label: custom.label ?? fieldLabel(spec, source),
      ...(custom.values ? { values: custom.values } : {}),
      ...(custom.reference ? { reference: custom.reference } : {}),
    });
  }
  return out;
}

function sampleScalar(f: FilterSpec): string | number | boolean {
  switch (f.value) {
    case 'integer':
    case 'number':
    case 'reference':
    case 'timestamp':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return f.values?.[0] ?? '';
    default:
      return 'a';
  }
}

/** A value of the shape the console sends for this filter (tests send it to prove the server accepts it). */
export function sampleFilterValue(f: FilterSpec): unknown {
  switch (f.kind) {
    case 'range':
      return f.value === 'text' ? { min: 'a', max: 'z' } : { min: 0, max: 1 };
    case 'in':
      return { [FILTER_OPERATORS.in]: [sampleScalar(f)] };
    case 'null':
      return { [FILTER_OPERATORS.null]: true };
    default:
      return sampleScalar(f);
  }
}
