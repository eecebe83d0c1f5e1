import type { ResourceSpec } from '@sitefleet/shared';
import { col } from '../list/cells';
import type { ColumnDef } from '../list/columns';
import { defaultColumnKeys, labelOf, referenceOf } from './derive';

/** A list column for a declared field (or a server column: id, created_at, updated_at), drawn by its kind. */
export function columnOf(spec: ResourceSpec, key: string, opts: Partial<ColumnDef> = {}): ColumnDef {
  const label = labelOf(spec, key);
  if (key === 'created_at' || key === 'updated_at') return col.time(key, label, opts);
  const field = spec.fields[key];
  if (!field) return col.text(key, label, opts);
  const o = opts;
  switch (field.kind) {
    case 'timestamp':
      return col.time(key, label, o);
    case 'boolean':
      return col.bool(key, label, o);
    case 'enum':
      return col.choice(key, label, undefined, undefined, o);
    case 'reference': {
      const ref = referenceOf(field.reference ?? '');
      return col.reference(key, label, ref.path, ref.optionText, o);
    }
    case 'references': {
      const ref = referenceOf(field.reference ?? '');
      return col.references(key, label, ref.path, ref.optionText, o);
    }
    case 'strings':
      return col.list(key, label, o);
    case 'integer':
    case 'number':
      return col.text(key, label, { align: 'right', ...o });
    default:
      return field.format === 'url' ? col.link(key, label, o) : col.text(key, label, o);
  }
}

/** The list columns a declaration implies: its default columns, then the id for the column chooser. */
export function derivedColumns(spec: ResourceSpec): ColumnDef[] {
  return [...defaultColumnKeys(spec).map((k) => columnOf(spec, k)), col.text('id', 'ID', { hidden: true })];
}

/** A column picked by its field's key, with what the screen changes: `'name'` or `['port', {hidden: true}]`. */
export type ColumnPick = string | readonly [string, Partial<ColumnDef>] | ColumnDef;

/**
 * A list's columns: declared fields drawn by their kind and labelled by the declaration, in the order
 * given; a full ColumnDef for a value the declaration does not hold (a computed count, a custom cell).
 */
export function screenColumns(spec: ResourceSpec, picks: readonly ColumnPick[]): ColumnDef[] {
  return picks.map((pick) => {
    if (typeof pick === 'string') return columnOf(spec, pick);
    if (Array.isArray(pick)) {
      const [key, opts] = pick as readonly [string, Partial<ColumnDef>];
      return columnOf(spec, key, opts);
    }
    return pick as ColumnDef;
  });
}
