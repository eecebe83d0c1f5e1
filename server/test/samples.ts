import type { FieldSpec } from '@sitefleet/shared';
import type { ResourceModel } from '../src/core/resource.js';
import type { TestApp } from './helper.js';

let counter = 0;
const STRONG = 'sample password that is long';

/**
 * A valid value for a field, derived from its declaration alone, so the contract test covers a new
 * resource without per-resource code. References are satisfied by creating (or reusing) a record.
 */
export async function sampleValue(t: TestApp, f: FieldSpec, salt: string): Promise<unknown> {
  counter += 1;
  const n = counter;
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'secret':
      if (f.writeOnly) return STRONG;
      if (f.kind === 'secret') return `secret-${salt}-${n}`;
      if (f.format === 'email') return `sample${n}.${salt}@example.com`;
      if (f.format === 'url' || f.format === 'link' || f.format === 'target')
        return `https://example${n}.com/${salt}`;
      if (f.format === 'domain')
        return `sample${n}-${salt.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`;
      if (f.format === 'hostname') return `host${n}-${salt}.example.com`;
      if (f.format === 'phone') return `+4415112${String(n).padStart(5, '0')}`;
      // Unique for every n (a sample IP must not repeat however many samples came before).
      if (f.format === 'ip') return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      return `Sample ${salt} ${n}`.slice(0, f.maxLength ?? 255);
    case 'integer':
      return f.min ?? n;
    case 'number':
      return f.min ?? n + 0.5;
    case 'timestamp':
      return 1_700_000_000 + n;
    case 'boolean':
      return true;
    case 'enum':
      return (f.writeValues ?? f.values)![n % (f.writeValues ?? f.values)!.length];
    case 'json':
      return {};
    case 'strings':
      if (f.values) return [f.values[0]];
      if (f.format === 'email')
        return [`item${n}.${salt.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`];
      if (f.format === 'phone') return [`+4415112${String(n).padStart(5, '0')}`];
      return [`item-${n}`];
    case 'reference':
    case 'references': {
      // References that lead back to a resource being sampled are left empty (websites ⇄ domains).
      if (visiting.has(f.reference!)) {
        if (f.required) throw new Error(`required reference cycle through ${f.reference!}`);
        return f.kind === 'reference' ? null : [];
      }
      // A unique reference (one connection per website) needs a record of its own, and so does one that
      // only some records may fill (a money site), made with the values it asks for.
      const match = f.referenceWhere?.match;
      const id =
        f.unique || match
          ? Number((await createSample(t, t.deps.engine.model(f.reference!), `u${n}`, match ?? {})).id)
          : await anyRecordId(t, f.reference!);
      return f.kind === 'reference' ? id : [id];
    }
  }
}

export async function anyRecordId(t: TestApp, resource: string): Promise<number> {
  const model = t.deps.engine.model(resource);
  const r = await t.db.query<{ id: number }>(`SELECT id FROM "${model.table}" ORDER BY id LIMIT 1`);
  if (r.rows[0]) return Number(r.rows[0].id);
  const created = await createSample(t, model, 'ref');
  return Number(created.id);
}

export async function samplePayload(
  t: TestApp,
  model: ResourceModel,
  salt: string,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  visiting.add(model.name);
  try {
    for (const [name, f] of Object.entries(model.fields)) {
      if (f.readOnly) continue;
      out[name] = f.mapOf ? await sampleMap(t, f.mapOf, out, salt) : await sampleValue(t, f, salt);
    }
  } finally {
    visiting.delete(model.name);
  }
  return out;
}

/**
 * An id map (a json field with mapOf) naming one record made for it, sharing the `sameAs` value the payload
 * already holds (the payload's fields are sampled in declaration order), mapped to the lowest number allowed.
 */
async function sampleMap(
  t: TestApp,
  map: NonNullable<FieldSpec['mapOf']>,
  payload: Record<string, unknown>,
  salt: string,
): Promise<Record<string, number>> {
  const overrides = map.sameAs ? { [map.sameAs]: payload[map.sameAs] } : {};
  const record = await createSample(t, t.deps.engine.model(map.reference), `m${salt}`, overrides);
  return { [String(record.id)]: map.min };
}

/** Resources whose sample is being built: a reference back to one of them stays empty. */
const visiting = new Set<string>();

export async function createSample(
  t: TestApp,
  model: ResourceModel,
  salt: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  if (!model.operations.create) return insertDirect(t, model, salt, overrides);
  const res = await t.call<{ data: Record<string, unknown> }>({
    method: 'POST',
    url: `/${model.path}`,
    headers: await t.as('ADMIN'),
    payload: { ...(await samplePayload(t, model, salt)), ...overrides },
  });
  if (res.status !== 201) throw new Error(`create ${model.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * Read-only resources are filled by refreshes and jobs, not the API: the test writes a row of sample values
 * straight into the table and reads it back through the engine.
 */
async function insertDirect(
  t: TestApp,
  model: ResourceModel,
  salt: string,
  overrides: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const row: Record<string, unknown> = {};
  visiting.add(model.name);
  try {
    for (const [name, f] of Object.entries(model.fields)) {
      if (f.writeOnly || model.virtualFields.has(name)) continue;
      const v = name in overrides ? overrides[name] : await sampleValue(t, f, salt);
      row[name] = f.kind === 'json' ? JSON.stringify(v) : v;
    }
  } finally {
    visiting.delete(model.name);
  }
  Object.assign(row, model.source.scope);
  const cols = Object.keys(row);
  const r = await t.db.query<{ id: number }>(
    `INSERT INTO "${model.table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) => row[c]),
  );
  const ctx = { user: null, ip: '127.0.0.1', db: t.db, audit: async () => undefined };
  return t.deps.engine.getOne(ctx, model, Number(r.rows[0]!.id));
}
