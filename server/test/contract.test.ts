import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldSpec, ListMeta } from '@sitefleet/shared';
import type { ResourceModel } from '../src/core/resource.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';
import { createSample, samplePayload } from './samples.js';

/** The field message the body schema answers when an object is sent where a field of this kind belongs. */
function mistyped(f: FieldSpec): string {
  switch (f.kind) {
    case 'enum':
      return `Must be one of: ${(f.writeValues ?? f.values ?? []).join(', ')}`;
    case 'integer':
    case 'number':
    case 'reference':
    case 'timestamp':
      return 'Must be a number';
    case 'boolean':
      return 'Must be true or false';
    case 'references':
    case 'strings':
      return 'Must be a list';
    default:
      return 'Must be text';
  }
}

type Row = Record<string, unknown>;
interface List {
  data: Row[];
  meta: ListMeta;
}

/** The generic contract, run over every registered resource on every test database. */
describe.each(DATABASES)('resource contract on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const models = (): ResourceModel[] => [...t.deps.engine.models.values()];

  it('registers users, roles, permissions and tags', () => {
    expect(models().map((m) => m.name)).toEqual(
      expect.arrayContaining(['users', 'roles', 'permissions', 'tags']),
    );
  });

  it('every resource: refuses calls without a token (401) and without the permission (403)', async () => {
    const noperm = await t.as('NOPERM');
    for (const m of models()) {
      const calls = [
        { method: 'GET' as const, url: `/${m.path}` },
        { method: 'GET' as const, url: `/${m.path}/1` },
        { method: 'POST' as const, url: `/${m.path}/get-many`, payload: { ids: [1] } },
        ...(m.operations.create ? [{ method: 'POST' as const, url: `/${m.path}`, payload: {} }] : []),
        ...(m.operations.delete ? [{ method: 'DELETE' as const, url: `/${m.path}/1` }] : []),
      ];
      for (const c of calls) {
        expect((await t.call(c)).status, `${c.method} ${c.url} without token`).toBe(401);
        expect(
          (await t.call({ ...c, headers: noperm })).status,
          `${c.method} ${c.url} without permission`,
        ).toBe(403);
      }
    }
  });

  it('every resource: a read-only role may list and read but not write', async () => {
    const viewer = await t.as('VIEWER');
    for (const m of models()) {
      // The audit log is for admins only (docs/adr/0005-reveal-and-action-permissions.md).
      if (m.name === 'audit-log') continue;
      expect((await t.call({ method: 'GET', url: `/${m.path}`, headers: viewer })).status).toBe(200);
      const many = await t.call({
        method: 'POST',
        url: `/${m.path}/get-many`,
        headers: viewer,
        payload: { ids: [1] },
      });
      expect(many.status, `${m.name} get-many is a read`).toBe(200);
      if (m.operations.create) {
        const res = await t.call({
          method: 'POST',
          url: `/${m.path}`,
          headers: viewer,
          payload: await samplePayload(t, m, 'ro'),
        });
        expect(res.status, m.name).toBe(403);
      }
    }
  });

  it('every resource: create, read, get-many, update with version, stale update 409, delete', async () => {
    const admin = await t.as('ADMIN');
    for (const m of models()) {
      const created = await createSample(t, m, `crud${m.name}`);
      expect(created.version).toBe(1);
      expect(typeof created.created_at).toBe('number');
      for (const [name, f] of Object.entries(m.fields)) {
        if (f.writeOnly || f.secret || f.kind === 'secret') {
          expect(created, `${m.name}.${name} must not be returned`).not.toHaveProperty(name);
        }
      }
      const got = await t.call<{ data: Row }>({
        method: 'GET',
        url: `/${m.path}/${String(created.id)}`,
        headers: admin,
      });
      // Get-one is the record plus, for resources with a detail, exactly the detail's extra properties.
      const detailKeys = Object.keys(m.source.detail?.schema ?? {});
      expect(Object.keys(got.body.data).sort()).toEqual([...Object.keys(created), ...detailKeys].sort());
      expect(got.body.data).toMatchObject(created);
      const many = await t.call<{ data: Row[] }>({
        method: 'POST',
        url: `/${m.path}/get-many`,
        headers: admin,
        payload: { ids: [created.id, 999_999] },
      });
      expect(many.body.data.map((r) => r.id)).toEqual([created.id]);
      if (m.operations.update) await checkUpdate(m, created, admin);
      else {
        const put = await t.call({
          method: 'PUT',
          url: `/${m.path}/${String(created.id)}`,
          headers: admin,
          payload: {},
        });
        expect(put.status, `${m.name} is read only`).toBe(404);
      }
      if (m.operations.delete) await checkDelete(m, created, admin);
    }
  });

  async function checkUpdate(m: ResourceModel, created: Row, admin: Record<string, string>): Promise<void> {
    const changed = await samplePayload(t, m, `upd${m.name}`);
    const method = m.operations.patch ? 'PATCH' : 'PUT';
    const url = `/${m.path}/${String(created.id)}`;
    const upd = await t.call<{ data: Row }>({
      method,
      url,
      headers: admin,
      payload: { ...created, ...changed, version: 1 },
    });
    expect(upd.status, `${m.name}: ${JSON.stringify(upd.body)}`).toBe(200);
    expect(upd.body.data.version).toBe(2);
    const stale = await t.call({ method, url, headers: admin, payload: { ...created, version: 1 } });
    expect(stale.status).toBe(409);
    const after = await t.call<{ data: Row }>({ method: 'GET', url, headers: admin });
    // Get-one also carries the resource's detail (a monitor's timeline); the record itself is unchanged.
    const record = Object.fromEntries(
      Object.entries(after.body.data).filter(([k]) => !(k in (m.source.detail?.schema ?? {}))),
    );
    expect(record).toEqual(upd.body.data);
  }

  async function checkDelete(m: ResourceModel, created: Row, admin: Record<string, string>): Promise<void> {
    const del = await t.call<{ data: Row }>({
      method: 'DELETE',
      url: `/${m.path}/${String(created.id)}`,
      headers: admin,
    });
    expect(del.status).toBe(200);
    expect(del.body.data.id).toBe(created.id);
    expect(
      (await t.call({ method: 'GET', url: `/${m.path}/${String(created.id)}`, headers: admin })).status,
    ).toBe(404);
    const a = await createSample(t, m, `dm1${m.name}`);
    const b = await createSample(t, m, `dm2${m.name}`);
    const dm = await t.call<{ data: number[] }>({
      method: 'DELETE',
      url: `/${m.path}?ids=${String(a.id)},${String(b.id)}`,
      headers: admin,
    });
    expect(dm.body.data.sort()).toEqual([a.id, b.id].sort());
    const missing = await t.call({ method: 'DELETE', url: `/${m.path}?ids=${String(a.id)}`, headers: admin });
    expect(missing.status).toBe(404);
  }

  it('every nested resource: its records under its parent, with the parent taken from the path', async () => {
    const admin = await t.as('ADMIN');
    const noperm = await t.as('NOPERM');
    const nestedModels = models().filter((m) => m.spec.nested);
    expect(nestedModels.length).toBeGreaterThan(0);
    for (const m of nestedModels) {
      const { parent, field, segment } = m.spec.nested!;
      const parentModel = t.deps.engine.model(parent);
      const payload = await samplePayload(t, m, `nest${m.name}`);
      const parentId = Number(payload[field]);
      const under = (id: number) => `/${parentModel.path}/${id}/${segment}`;
      const { [field]: _omitted, ...body } = payload;
      const created = await t.call<{ data: Row }>({
        method: 'POST',
        url: under(parentId),
        headers: admin,
        payload: body,
      });
      expect(created.status, `${m.name}: ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body.data[field]).toBe(parentId);
      const id = Number(created.body.data.id);
      const list = await t.call<List>({ method: 'GET', url: under(parentId), headers: admin });
      expect(list.body.data.map((r) => r.id)).toContain(id);
      expect(list.body.data.every((r) => r[field] === parentId)).toBe(true);
      expect((await t.call({ method: 'GET', url: under(parentId), headers: noperm })).status).toBe(403);
      expect((await t.call({ method: 'GET', url: under(999_999), headers: admin })).status).toBe(404);
      const other = Number((await createSample(t, parentModel, `other${m.name}`)).id);
      const elsewhere = `${under(other)}/${id}`;
      const mine = `${under(parentId)}/${id}`;
      if (m.operations.update) {
        const method = m.operations.patch ? 'PATCH' : 'PUT';
        const moved = await t.call({ method, url: elsewhere, headers: admin, payload: { version: 1 } });
        expect(moved.status, `${m.name} is not found under another ${parent}`).toBe(404);
        const upd = await t.call<{ data: Row }>({
          method,
          url: mine,
          headers: admin,
          payload: { ...body, version: 1 },
        });
        expect(upd.status, `${m.name}: ${JSON.stringify(upd.body)}`).toBe(200);
        expect(upd.body.data.version).toBe(2);
        const stale = await t.call({ method, url: mine, headers: admin, payload: { ...body, version: 1 } });
        expect(stale.status).toBe(409);
      }
      if (m.operations.delete) {
        expect((await t.call({ method: 'DELETE', url: elsewhere, headers: admin })).status).toBe(404);
        expect((await t.call({ method: 'DELETE', url: mine, headers: admin })).status).toBe(200);
        expect((await t.call({ method: 'GET', url: `/${m.path}/${id}`, headers: admin })).status).toBe(404);
      }
    }
  });

  it('every resource: 422 with field messages for missing, mistyped and unknown fields', async () => {
    const admin = await t.as('ADMIN');
    for (const m of models().filter((x) => x.operations.create)) {
      const required = Object.entries(m.fields)
        .filter(([, f]) => f.required)
        .map(([n]) => n);
      const empty = await t.call<{ error: { code: string; fields: Record<string, string> } }>({
        method: 'POST',
        url: `/${m.path}`,
        headers: admin,
        payload: { surprise: 1 },
      });
      expect(empty.status).toBe(422);
      expect(empty.body.error.code).toBe('validation_failed');
      for (const r of required) expect(empty.body.error.fields[r], `${m.name}.${r}`).toBe('Required');
      expect(empty.body.error.fields.surprise).toBe('Unknown field');

      const payload = await samplePayload(t, m, `typ${m.name}`);
      const [first] = Object.entries(m.fields).filter(([, f]) => !f.readOnly && !f.writeOnly);
      const wrong = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: `/${m.path}`,
        headers: admin,
        payload: { ...payload, [first![0]]: { not: 'a valid value' } },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error.fields[first![0]], `${m.name}.${first![0]}`).toBe(mistyped(first![1]));
      const count = await t.db.query(`SELECT count(*) AS n FROM "${m.table}"`);
      const again = await t.call({
        method: 'POST',
        url: `/${m.path}`,
        headers: admin,
        payload: { ...payload, surprise: 1 },
      });
      expect(again.status).toBe(422);
      expect((await t.db.query(`SELECT count(*) AS n FROM "${m.table}"`)).rows).toEqual(count.rows);
    }
  });

  it('every resource: list pages, sorts every sortable field both ways, and counts', async () => {
    const admin = await t.as('ADMIN');
    for (const m of models()) {
      for (let i = 0; i < 3; i++) await createSample(t, m, `list${i}${m.name}`);
      const all = await t.call<List>({ method: 'GET', url: `/${m.path}?perPage=5000`, headers: admin });
      expect(all.status).toBe(200);
      expect(all.body.meta.total).toBe(all.body.data.length);
      expect(all.body.meta.totalKind).toBe('exact');
      expect(all.body.meta.total).toBeGreaterThan(1);
      const p1 = await t.call<List>({
        method: 'GET',
        url: `/${m.path}?perPage=1&page=2&sortBy=id&sortOrder=ASC`,
        headers: admin,
      });
      expect(p1.body.data.length).toBe(1);
      expect(p1.body.meta.total).toBe(all.body.meta.total);
      const ids = all.body.data.map((r) => Number(r.id)).sort((a, b) => a - b);
      expect(p1.body.data[0]!.id).toBe(ids[1]);
      for (const field of m.sortable) {
        const asc = await t.call<List>({
          method: 'GET',
          url: `/${m.path}?perPage=5000&sortBy=${field}&sortOrder=ASC`,
          headers: admin,
        });
        const desc = await t.call<List>({
          method: 'GET',
          url: `/${m.path}?perPage=5000&sortBy=${field}&sortOrder=desc`,
          headers: admin,
        });
        expect(asc.status, `${m.name} sort ${field}`).toBe(200);
        expect(
          desc.body.data.map((r) => r.id),
          `${m.name} sort ${field}`,
        ).toEqual(asc.body.data.map((r) => r.id).reverse());
        const values = asc.body.data.map((r) => r[field]).filter((v) => typeof v === 'number') as number[];
        expect(values, `${m.name} sorted by ${field}`).toEqual([...values].sort((a, b) => a - b));
        for (const [order, whole] of [
          ['ASC', asc],
          ['DESC', desc],
        ] as const) {
          // Page 2 through the cursor of page 1 and back: the same rows as the whole list's.
          const base = `/${m.path}?perPage=2&sortBy=${field}&sortOrder=${order}`;
          const first = await t.call<List>({ method: 'GET', url: `${base}&page=1`, headers: admin });
          const rows = (l: List) => l.data.map((r) => r.id);
          expect(rows(first.body), `${m.name} ${field} ${order}`).toEqual(rows(whole.body).slice(0, 2));
          const cursors = first.body.meta.cursors;
          if (!cursors) {
            expect(m.computed[field], `${m.name} ${field}: no cursors`).toBeDefined();
            continue;
          }
          const after = encodeURIComponent(cursors.last);
          const second = await t.call<List>({
            method: 'GET',
            url: `${base}&page=2&after=${after}`,
            headers: admin,
          });
          expect(rows(second.body), `${m.name} ${field} ${order} after`).toEqual(
            rows(whole.body).slice(2, 4),
          );
          const before = encodeURIComponent(second.body.meta.cursors!.first);
          const back = await t.call<List>({
            method: 'GET',
            url: `${base}&page=1&before=${before}`,
            headers: admin,
          });
          expect(rows(back.body), `${m.name} ${field} ${order} before`).toEqual(rows(first.body));
        }
      }
    }
  });

  it('every resource: each declared filter keeps exactly the matching rows', async () => {
    const admin = await t.as('ADMIN');
    for (const m of models()) {
      const all = await t.call<List>({ method: 'GET', url: `/${m.path}?perPage=5000`, headers: admin });
      const sample = all.body.data[all.body.data.length - 1]!;
      for (const key of m.filterable) {
        if (m.customFilters[key]) continue;
        const f = m.fields[key];
        const v = sample[key];
        if (v === null || v === undefined || (Array.isArray(v) && !v.length) || (f && f.kind === 'json'))
          continue;
        let filter: unknown;
        let matches: (r: Row) => boolean;
        if (Array.isArray(v)) {
          filter = v[0];
          matches = (r) => (r[key] as unknown[]).includes(v[0]);
        } else if (f?.filter === 'search') {
          const part = String(v).slice(1, -1) || String(v);
          filter = part;
          matches = (r) => String(r[key]).toLowerCase().includes(part.toLowerCase());
        } else if (f?.filter === 'range' || key === 'created_at' || key === 'updated_at') {
          filter = { min: v, max: v };
          matches = (r) => r[key] === v;
        } else {
          filter = v;
          matches = (r) => r[key] === v;
        }
        const res = await t.call<List>({
          method: 'GET',
          url: `/${m.path}?perPage=5000&filter=${encodeURIComponent(JSON.stringify({ [key]: filter }))}`,
          headers: admin,
        });
        expect(res.status, `${m.name} filter ${key}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(
          res.body.data.map((r) => r.id),
          `${m.name} filter ${key}`,
        ).toContain(sample.id);
        expect(
          res.body.data.filter((r) => !matches(r)),
          `${m.name} filter ${key}`,
        ).toEqual([]);
        expect(res.body.data.length).toBe(all.body.data.filter(matches).length);
      }
      const byIds = await t.call<List>({
        method: 'GET',
        url: `/${m.path}?filter=${encodeURIComponent(JSON.stringify({ id: { where_in: [sample.id] } }))}`,
        headers: admin,
      });
      expect(byIds.body.data.map((r) => r.id)).toEqual([sample.id]);
    }
  });

  it('every resource: bad list input is a 400 naming the problem, never a 5xx', async () => {
    const admin = await t.as('ADMIN');
    for (const m of models()) {
      const bad: Array<[string, RegExp]> = [
        ['filter=%7Bnot json', /filter is not valid JSON/],
        ['filter=%5B1%5D', /filter must be a JSON object/],
        [`filter=${encodeURIComponent('{"no_such_field":1}')}`, /no_such_field/],
        [`filter=${encodeURIComponent('{"id":"abc"}')}`, /filter.id/],
        [`filter=${encodeURIComponent('{"id":{"between":1}}')}`, /unknown operator/],
        ['sortBy=no_such_field', /sortBy/],
        ['sortOrder=sideways', /sortOrder/],
        ['page=0', /page/],
        ['perPage=5001', /perPage/],
        ['perPage=abc', /perPage/],
        ['after=abc', /^after: /],
        [
          `before=${Buffer.from('[1,1,"id","DESC"]').toString('base64url')}&sortBy=id&sortOrder=ASC`,
          /^before: /,
        ],
        [`after=${Buffer.from('["\\u0000",1,"id","ASC"]').toString('base64url')}&sortBy=id`, /^after: /],
        ['exact=maybe', /exact/],
      ];
      for (const [q, message] of bad) {
        const res = await t.call<{ error: { message: string } }>({
          method: 'GET',
          url: `/${m.path}?${q}`,
          headers: admin,
        });
        expect(res.status, `${m.name} ?${q}`).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      expect((await t.call({ method: 'GET', url: `/${m.path}/abc`, headers: admin })).status).toBe(400);
      expect((await t.call({ method: 'GET', url: `/${m.path}/999999999`, headers: admin })).status).toBe(404);
      const ten = await t.call<List>({ method: 'GET', url: `/${m.path}?perPage=10`, headers: admin });
      expect(ten.body.data.length).toBe(Math.min(25, ten.body.meta.total));
    }
  });
});
