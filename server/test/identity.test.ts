import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';
import { syncPermissions } from '../src/services/ums/permissions.js';

type Fields = { error: { fields: Record<string, string> } };

describe.each(DATABASES)('users, roles and permissions rules on %s', (kind) => {
  let t: TestApp;
  let adminRoleId: number;
  let viewerRoleId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { allowedGoogleDomains: ['company.test'] });
    const r = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM roles');
    adminRoleId = r.rows.find((x) => x.name === 'ADMIN')!.id;
    viewerRoleId = r.rows.find((x) => x.name === 'VIEWER')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = (extra: Record<string, unknown>) => ({
    name: 'Nora',
    email: `nora.${Math.random().toString(36).slice(2)}@example.com`,
    roles: [viewerRoleId],
    target_markets: ['UK'],
    ...extra,
  });

  it("requires matching passwords on create for non-Google users: 'Password doesn't match'", async () => {
    const admin = await t.as('ADMIN');
    const none = await t.call<Fields>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: user({}),
    });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.new_password).toBe('Required');
    const mismatch = await t.call<Fields>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: user({ new_password: ADMIN_PASSWORD, verify_password: `${ADMIN_PASSWORD}!` }),
    });
    expect(mismatch.body.error.fields.verify_password).toBe("Password doesn't match");
    const google = await t.call({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: user({ email: 'staff.member@company.test' }),
    });
    expect(google.status).toBe(201);
    const longest = 'x'.repeat(128);
    const long = await t.call({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: user({ new_password: longest, verify_password: longest }),
    });
    expect(long.status).toBe(201);
  });

  it('stores argon2id hashes and never returns them', async () => {
    const r = await t.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE password_hash IS NOT NULL LIMIT 1',
    );
    expect(r.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const list = await t.app.inject({
      method: 'GET',
      url: '/ums/api/v1/users?perPage=100',
      headers: await t.as('ADMIN'),
    });
    expect(list.body).not.toMatch(/argon2|password/);
  });

  it('lets only admins grant the ADMIN role', async () => {
    const perms = await t.db.query<{ id: number }>(
      "SELECT id FROM permissions WHERE route LIKE '/ums/api/v1/users%'",
    );
    const own = await t.db.query<{ id: number }>(
      "INSERT INTO roles (name, permissions) VALUES ('USERADMIN', $1) RETURNING id",
      [perms.rows.map((p) => p.id)],
    );
    const manager = await t.as('USERADMIN');
    const grant = await t.call<{ error: { message: string } }>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: manager,
      payload: user({ roles: [adminRoleId], new_password: ADMIN_PASSWORD, verify_password: ADMIN_PASSWORD }),
    });
    expect(grant.status).toBe(403);
    expect(grant.body.error.message).toMatch(/only an admin can manage ADMIN/);
    const plain = await t.call({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: manager,
      // Only roles within the manager's own permissions (privilege.test.ts covers the rule).
      payload: user({
        roles: [own.rows[0]!.id],
        new_password: ADMIN_PASSWORD,
        verify_password: ADMIN_PASSWORD,
      }),
    });
    expect(plain.status).toBe(201);
  });

  it('protects the ADMIN role and the last admin', async () => {
    const admin = await t.as('ADMIN');
    const role = await t.call<{ data: { version: number } }>({
      method: 'GET',
      url: `/ums/api/v1/roles/${adminRoleId}`,
      headers: admin,
    });
    const rename = await t.call<Fields>({
      method: 'PUT',
      url: `/ums/api/v1/roles/${adminRoleId}`,
      headers: admin,
      payload: { name: 'BOSS', version: role.body.data.version },
    });
    expect(rename.body.error.fields.name).toMatch(/cannot be renamed/);
    expect(
      (await t.call({ method: 'DELETE', url: `/ums/api/v1/roles/${adminRoleId}`, headers: admin })).status,
    ).toBe(422);
    const me = await t.call<{ data: { id: number } }>({
      method: 'GET',
      url: '/ums/api/v1/users/me',
      headers: admin,
    });
    const self = await t.call<Fields>({
      method: 'DELETE',
      url: `/ums/api/v1/users/${me.body.data.id}`,
      headers: admin,
    });
    expect(self.body.error.fields.id).toMatch(/your own account/);
  });

  it('deleting a role removes it from every user that held it', async () => {
    const admin = await t.as('ADMIN');
    const role = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/ums/api/v1/roles',
      headers: admin,
      payload: { name: 'Temporary' },
    });
    const u = await t.call<{ data: { id: number; version: number } }>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: user({
        roles: [viewerRoleId, role.body.data.id],
        new_password: ADMIN_PASSWORD,
        verify_password: ADMIN_PASSWORD,
      }),
    });
    expect(
      (await t.call({ method: 'DELETE', url: `/ums/api/v1/roles/${role.body.data.id}`, headers: admin }))
        .status,
    ).toBe(200);
    const after = await t.call<{ data: { roles: number[]; version: number } }>({
      method: 'GET',
      url: `/ums/api/v1/users/${u.body.data.id}`,
      headers: admin,
    });
    expect(after.body.data.roles).toEqual([viewerRoleId]);
    expect(after.body.data.version).toBe(u.body.data.version + 1);
    const unknown = await t.call<Fields>({
      method: 'PUT',
      url: `/ums/api/v1/users/${u.body.data.id}`,
      headers: admin,
      payload: { roles: [role.body.data.id], version: after.body.data.version },
    });
    expect(unknown.body.error.fields.roles).toMatch(/Unknown roles/);
  });

  it('filters users by role and target market', async () => {
    const admin = await t.as('ADMIN');
    const q = (f: unknown) =>
      t.call<{ data: Array<{ roles: number[]; target_markets: string[] }> }>({
        method: 'GET',
        url: `/ums/api/v1/users?perPage=100&filter=${encodeURIComponent(JSON.stringify(f))}`,
        headers: admin,
      });
    const byRole = await q({ roles: viewerRoleId });
    expect(byRole.body.data.length).toBeGreaterThan(0);
    expect(byRole.body.data.every((u) => u.roles.includes(viewerRoleId))).toBe(true);
    const byMarket = await q({ target_markets: { where_in: ['UK', 'Japan'] } });
    expect(byMarket.body.data.every((u) => u.target_markets.some((m) => m === 'UK' || m === 'Japan'))).toBe(
      true,
    );
  });

  it('synchronises permission rows with the routes, dropping stale ones from roles', async () => {
    const stale = await t.db.query<{ id: number }>(
      "INSERT INTO permissions (method, route) VALUES ('GET', '/dms/api/v1/gone') RETURNING id",
    );
    await t.db.query('UPDATE roles SET permissions = array_append(permissions, $1::bigint) WHERE id = $2', [
      stale.rows[0]!.id,
      viewerRoleId,
    ]);
    const routes = await t.db.query<{ method: string; route: string }>(
      "SELECT method, route AS url FROM permissions WHERE route <> '/dms/api/v1/gone'",
    );
    const r = await syncPermissions(t.db, routes.rows as unknown as Array<{ method: string; url: string }>, [
      'dms',
      'ums',
    ]);
    expect(r.removed).toBe(1);
    const role = await t.db.query<{ permissions: number[] }>('SELECT permissions FROM roles WHERE id = $1', [
      viewerRoleId,
    ]);
    expect(role.rows[0]!.permissions).not.toContain(stale.rows[0]!.id);
  });

  it('shows full_permissions grouped by route then method for a restricted user', async () => {
    const viewer = await t.as('VIEWER');
    const me = await t.call<{ data: { full_permissions: Record<string, Record<string, boolean>> } }>({
      method: 'GET',
      url: '/ums/api/v1/users/me',
      headers: viewer,
    });
    expect(me.body.data.full_permissions['/dms/api/v1/tags']).toEqual({ GET: true });
    expect(me.body.data.full_permissions['/ums/api/v1/users']).toEqual({ GET: true });
  });
});
