import { fieldLabel, type FieldSpec, type ResourceSpec } from '@sitefleet/shared';
import { specNamed } from '../../providers/writable';
import type { CanSave } from '../record/FormToolbar';

export { fieldLabel };

const META = ['created_at', 'updated_at'];
const META_LABELS: Record<string, string> = { created_at: 'Created at', updated_at: 'Updated at', id: 'ID' };

/** The label of a field or of the server's own columns (Created at, ID). */
export function labelOf(spec: ResourceSpec, key: string): string {
  return META_LABELS[key] ?? fieldLabel(spec, key);
}

/** The console path and naming field of a referenced resource: what pickers, links and filters show. */
export function referenceOf(name: string): { path: string; optionText: string } {
  const spec = specNamed(name);
  if (!spec) throw new Error(`No shared declaration named "${name}"`);
  return { path: spec.path, optionText: spec.titleField };
}

const isHidden = (f: FieldSpec) => f.kind === 'secret' || f.secret === true || f.writeOnly === true;
const isLong = (f: FieldSpec) => f.kind === 'text' || f.kind === 'json';

/** Fields a record returns and a show page can draw, in declaration order. */
export function shownFields(spec: ResourceSpec): string[] {
  return Object.keys(spec.fields).filter((k) => !spec.fields[k]!.writeOnly);
}

/** The default list columns: the declaration's `columns`, or every short returned field, then the dates. */
export function defaultColumnKeys(spec: ResourceSpec): string[] {
  if (spec.columns) return [...spec.columns];
  const fields = Object.keys(spec.fields).filter(
    (k) => !isHidden(spec.fields[k]!) && !isLong(spec.fields[k]!),
  );
  return [...fields, ...META];
}

/** Fields a create or edit form offers: every writable one but JSON objects (they need an editor of their own). */
export function inputFields(spec: ResourceSpec): string[] {
  return Object.keys(spec.fields).filter((k) => !spec.fields[k]!.readOnly && spec.fields[k]!.kind !== 'json');
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/** SPEC §5: Save stays disabled while a required field is empty. */
export function canSaveOf(spec: ResourceSpec): CanSave {
  const required = inputFields(spec).filter((k) => spec.fields[k]!.required);
  return (values) => required.every((k) => !isBlank(values[k]));
}
