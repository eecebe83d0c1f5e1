import type { FieldSpec, Fields, ResourceSpec } from '@sitefleet/shared';
import type { ResourceModel, ServerResource } from './resource.js';
import { ident } from './sql.js';

export class DeclarationError extends Error {
  constructor(resource: string, problem: string) {
    super(`Resource "${resource}": ${problem}`);
  }
}

const META_SORTABLE = ['id', 'created_at', 'updated_at'];
const IDENT = /^[a-z_][a-z0-9_]*$/;

function checkField(r: string, name: string, f: FieldSpec, known: Set<string>): void {
  const fail = (problem: string): never => {
    throw new DeclarationError(r, `field "${name}" ${problem}`);
  };
  if (!IDENT.test(name)) fail('is not a valid column name (lower_snake_case)');
  if ((f.kind === 'enum' || (f.kind === 'strings' && f.values)) && !f.values?.length) fail('needs values');
  if ((f.kind === 'reference' || f.kind === 'references') && !f.reference) fail('needs a reference resource');
  if (f.referenceWhere && f.kind !== 'reference') fail('narrows a reference only (kind reference)');
  if (f.mapOf && (f.kind !== 'json' || !known.has(f.mapOf.reference) || f.secretKeys?.length))
    fail('maps ids of a known resource, as a json field without secrets');
  if (f.reference && !known.has(f.reference)) fail(`refers to unknown resource "${f.reference}"`);
  const hidden = f.secret || f.kind === 'secret' || f.writeOnly;
  if (hidden && (f.filter || f.sortable || f.searchable))
    fail('is secret or write-only and cannot be filtered, sorted or searched');
  if (f.filter === 'range' && !['integer', 'number', 'timestamp', 'string'].includes(f.kind)) {
    fail(`cannot have a range filter on kind ${f.kind}`);
  }
  if (f.filter === 'search' && !['string', 'text'].includes(f.kind))
    fail(`cannot have a search filter on kind ${f.kind}`);
  if (f.searchable && !['string', 'text'].includes(f.kind)) fail(`cannot be searchable on kind ${f.kind}`);
  if (f.filter && f.kind === 'json') fail('cannot be filtered (kind json)');
  if (f.sortable && ['json', 'references', 'strings'].includes(f.kind))
    fail(`cannot be sortable on kind ${f.kind}`);
  if (f.readOnly && f.required) fail('cannot be both read-only and required');
  if (f.secretKeys?.some((k) => !IDENT.test(k))) fail('has an invalid secret key name');
  if (f.secretKeys?.length) checkSecretObject(f, fail);
  else if (f.plainKeys) fail('declares plain keys without secret keys');
}

/**
 * A JSON object holding secrets names every key it may hold: a key declared nowhere would be stored in plain
 * text, whatever it carries (SECURITY.md #10). Secret keys are one level deep, so every secret is sealed.
 */
function checkSecretObject(f: FieldSpec, fail: (problem: string) => never): void {
  if (f.kind !== 'json') fail('declares secret keys but is not a json field');
  if (!f.plainKeys) fail('declares secret keys but not its plain keys (every key must be declared)');
  const all = [...f.secretKeys!, ...f.plainKeys!];
  if (all.some((k) => !IDENT.test(k))) fail('has an invalid key name');
  if (new Set(all).size !== all.length) fail('declares a key twice');
  const flags = new Set(f.secretKeys!.map((k) => `${k}_set`));
  if (all.some((k) => flags.has(k))) fail('declares a key that clashes with a secret presence flag');
}

/** The console offers what shared declares and the server runs what it implements: the two lists must agree. */
function checkCustomFilters(name: string, declared: string[], implemented: string[]): void {
  const unimplemented = declared.filter((k) => !implemented.includes(k));
  if (unimplemented.length)
    throw new DeclarationError(name, `custom filter "${unimplemented[0]}" has no server implementation`);
  const undeclared = implemented.filter((k) => !declared.includes(k));
  if (undeclared.length)
    throw new DeclarationError(
      name,
      `custom filter "${undeclared[0]}" is not declared in shared customFilters`,
    );
}

/** A column of the SELECT list; secret keys inside a JSON field are replaced by <key>_set flags. */
function selectColumn(c: string, f: FieldSpec | undefined): string {
  const col = `t.${ident(c)}`;
  const keys = f?.kind === 'json' ? f.secretKeys : undefined;
  if (!keys?.length) return col;
  const flags = keys.map((k) => `'${k}_set', coalesce((${col} ->> '${k}') <> '', false)`).join(', ');
  const strip = keys.map((k) => ` - '${k}'`).join('');
  return `CASE WHEN ${col} IS NULL THEN NULL ELSE (${col}${strip}) || jsonb_build_object(${flags}) END AS ${ident(c)}`;
}

/** A nested resource names a known parent, a required reference to it, and a plain path segment. */
function checkNested(
  name: string,
  nested: NonNullable<ResourceSpec['nested']>,
  fields: Fields,
  known: Set<string>,
): void {
  const f = fields[nested.field];
  if (!known.has(nested.parent)) throw new DeclarationError(name, `nested under unknown ${nested.parent}`);
  if (f?.kind !== 'reference' || f.reference !== nested.parent || !f.required || f.readOnly)
    throw new DeclarationError(
      name,
      `nested field "${nested.field}" must be a required reference to ${nested.parent}`,
    );
  if (!/^[a-z][a-z-]*$/.test(nested.segment))
    throw new DeclarationError(name, `nested segment "${nested.segment}" is invalid`);
}

/** Checks every declaration and precomputes what the engine needs. Any problem stops start-up. */
export function buildModels(resources: readonly ServerResource<Fields, never>[]): Map<string, ResourceModel> {
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const r of resources) {
    const { name, path } = r.spec;
    if (names.has(name)) throw new DeclarationError(name, 'is declared twice');
    if (paths.has(path)) throw new DeclarationError(name, `path ${path} is declared twice`);
    if (!IDENT.test(name.replace(/-/g, '_'))) throw new DeclarationError(name, 'has an invalid name');
    if (!path.startsWith(`${r.spec.service}/`))
      throw new DeclarationError(name, `path must start with ${r.spec.service}/`);
    names.add(name);
    paths.add(path);
  }
  const models = new Map<string, ResourceModel>();
  for (const r of resources) models.set(r.spec.name, buildModel(r, names));
  return models;
}

function buildModel(r: ServerResource<Fields, never>, known: Set<string>): ResourceModel {
  const { spec } = r;
  const name = spec.name;
  const fields = spec.fields;
  for (const [fname, f] of Object.entries(fields)) checkField(name, fname, f, known);
  if (spec.nested) checkNested(name, spec.nested, fields, known);
  for (const [fname, f] of Object.entries(fields)) {
    if (f.mapOf?.sameAs && !fields[f.mapOf.sameAs])
      throw new DeclarationError(name, `field "${fname}" maps by an undeclared field "${f.mapOf.sameAs}"`);
  }
  const virtual = new Set<string>(r.virtualFields ?? []);
  for (const v of virtual) {
    if (!fields[v]) throw new DeclarationError(name, `virtual field "${v}" is not declared`);
  }
  const computed = r.computed ?? {};
  for (const c of Object.keys(computed)) {
    if (fields[c] || !IDENT.test(c))
      throw new DeclarationError(name, `computed field "${c}" clashes or is invalid`);
  }
  const customFilters = r.customFilters ?? {};
  checkCustomFilters(name, Object.keys(spec.customFilters ?? {}), Object.keys(customFilters));
  const isSecret = (f: FieldSpec) => f.secret === true || f.kind === 'secret';
  const secretFields = Object.keys(fields).filter((k) => isSecret(fields[k]!));
  const outputColumns = Object.keys(fields).filter(
    (k) => !virtual.has(k) && !fields[k]!.writeOnly && !isSecret(fields[k]!),
  );
  const sortable = new Set([
    ...META_SORTABLE,
    ...Object.keys(fields).filter((k) => fields[k]!.sortable),
    ...Object.keys(computed).filter((k) => computed[k]!.sortable),
  ]);
  const filterable = new Set([
    'id',
    'created_at',
    'updated_at',
    ...Object.keys(fields).filter((k) => fields[k]!.filter),
    ...Object.keys(customFilters),
  ]);
  const searchable = Object.keys(fields).filter((k) => fields[k]!.searchable);
  if (!sortable.has(spec.defaultSort.field)) {
    throw new DeclarationError(name, `default sort "${spec.defaultSort.field}" is not a sortable field`);
  }
  if (!fields[spec.titleField] && spec.titleField !== 'id') {
    throw new DeclarationError(name, `title field "${spec.titleField}" is not declared`);
  }
  const table = r.table ?? name.replace(/-/g, '_');
  const select = ['id', ...outputColumns, 'created_at', 'updated_at', 'version'].map((c) =>
    selectColumn(c, fields[c]),
  );
  for (const s of secretFields) select.push(`(t.${ident(s)} IS NOT NULL) AS ${ident(`${s}_set`)}`);
  for (const [c, def] of Object.entries(computed)) select.push(`(${def.sql}) AS ${ident(c)}`);
  const ops = spec.operations ?? {};
  return {
    name,
    path: spec.path,
    table,
    spec,
    fields,
    outputColumns,
    selectList: select.join(', '),
    secretFields,
    virtualFields: virtual,
    writableFields: Object.keys(fields).filter((k) => !fields[k]!.readOnly),
    filterable,
    sortable,
    searchable,
    computed,
    customFilters,
    hooks: r.hooks ?? {},
    access: r.access ?? null,
    operations: {
      create: ops.create !== false,
      update: ops.update !== false,
      delete: ops.delete !== false,
      patch: ops.patch === true,
    },
    source: r,
  };
}
