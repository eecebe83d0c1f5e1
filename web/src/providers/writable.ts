import { resources, type ResourceSpec } from '@sitefleet/shared';

const isSpec = (value: object): value is ResourceSpec => typeof (value as ResourceSpec).path === 'string';

/** Every declaration by path; a family of declarations (cronJobs: one per service) is flattened. */
const SPECS: Record<string, ResourceSpec> = Object.fromEntries(
  Object.values(resources)
    .flatMap((entry): ResourceSpec[] => (isSpec(entry) ? [entry] : Object.values(entry)))
    .map((spec) => [spec.path, spec]),
);

const BY_NAME = new Map(Object.values(SPECS).map((spec) => [spec.name, spec]));

/** Adds a declaration the shared package does not list (a test fixture's). */
export function registerSpec(spec: ResourceSpec): void {
  SPECS[spec.path] = spec;
  BY_NAME.set(spec.name, spec);
}

export function specOf(resource: string): ResourceSpec | undefined {
  return SPECS[resource];
}

/** A declaration by its short name (what reference fields name): `ip-addresses`. */
export function specNamed(name: string): ResourceSpec | undefined {
  return BY_NAME.get(name);
}

const SERVER_OWNED = new Set(['id', 'created_at', 'updated_at', 'created_by']);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The body of a create or update: only the fields the resource declares writable (read-only and
 * server-owned fields are refused by the server), empty write-only fields dropped (an untouched
 * password box means "keep the password"), and on update the record's current version.
 */
export function writableBody(
  resource: string,
  data: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const spec = specOf(resource);
  const out: Record<string, unknown> = {};
  if (!spec) {
    for (const [key, value] of Object.entries(data)) {
      if (!SERVER_OWNED.has(key) && key !== 'version' && value !== undefined) out[key] = value;
    }
  } else {
    for (const [key, field] of Object.entries(spec.fields)) {
      if (field.readOnly || !(key in data)) continue;
      const value = data[key];
      if (value === undefined || (field.writeOnly && isEmpty(value))) continue;
      // an empty secret box keeps the stored secret; null (an explicit clear) removes it
      if (field.kind === 'secret' && value === '') continue;
      out[key] = field.secretKeys?.length ? withoutEmptySecrets(value, field.secretKeys) : value;
    }
  }
  if (mode === 'update' && data.version !== undefined) out.version = data.version;
  return out;
}

/** A json value minus its empty secret keys (`{password: ''}` means "keep the stored password"). */
function withoutEmptySecrets(value: unknown, keys: readonly string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key, v]) => !(keys.includes(key) && (v === '' || v === undefined))),
  );
}

/** Drops empty filter values (SPEC §5: an empty value removes the filter). */
export function cleanFilter(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}
