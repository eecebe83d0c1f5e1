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
      if (f.format === 'email') return `sample${n}.${salt}@example.com`;
      if (f.format === 'url') return `https://example${n}.com/${salt}`;
      if (f.format === 'hostname') return `host${n}-${salt}.example.com`;
      if (f.format === 'ip') return `10.0.${n % 250}.${(n * 7) % 250}`;
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
      return f.values![n % f.values!.length];
    case 'json':
      return {};
    case 'strings':
      return f.values ? [f.values[0]] : [`item-${n}`];
    case 'reference':
    case 'references': {
      const id = await anyRecordId(t, f.reference!);
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
  for (const [name, f] of Object.entries(model.fields)) {
    if (f.readOnly) continue;
    out[name] = await sampleValue(t, f, salt);
  }
  return out;
}

export async function createSample(
  t: TestApp,
  model: ResourceModel,
  salt: string,
): Promise<Record<string, unknown>> {
  const res = await t.call<{ data: Record<string, unknown> }>({
    method: 'POST',
    url: `/${model.path}`,
    headers: await t.as('ADMIN'),
    payload: await samplePayload(t, model, salt),
  });
  if (res.status !== 201) throw new Error(`create ${model.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
