import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/ums/passwords.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';

type ErrorBody = { error: { code: string; message: string } };
type Record_ = { data: { id: number; version: number; permissions?: number[] } };

const USERS = '/ums/api/v1/users';
const ROLES = '/ums/api/v1/roles';

describe.each(DATABASES)('privilege boundaries on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  /** The roles the seed creates, read before any test adds its own. */
  let seeded: Array<{ id: number; name: string; permissions: Set<number> }>;
  let passwordHash: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { loginIpMaxAttempts: 10_000 });
    const r = await t.db.query<{ id: number; name: string; permissions: number[] }>(
      'SELECT id, name, permissions FROM roles ORDER BY name',
    );
    seeded = r.rows.map((x) => ({
      id: Number(x.id),
      name: x.name,
      permissions: new Set(x.permissions.map(Number)),
    }));
    admin = await t.as('ADMIN');
    passwordHash = await hashPassword(ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const permissionIds = async (pairs: Array<[string, string]>): Promise<number[]> => {
    const r = await t.db.query<{ id: number }>(
      `SELECT p.id FROM permissions p JOIN unnest($1::text[], $2::text[]) AS x(m, u)
         ON p.method = x.m AND p.route = x.u`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    expect(r.rows.length).toBe(pairs.length);
    return r.rows.map((x) => Number(x.id));
  };

  /** A user holding the roles, signed in: their id and bearer headers. */
  const userWith = async (roleIds: number[]) => {
    const email = `p-${randomBytes(4).toString('hex')}@test.local`;
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO users (name, email, roles, target_markets, password_hash)
       VALUES ('P', $1, $2, '{All}', $3) RETURNING id`,
      [email, roleIds, passwordHash],
    );
    const login = await t.call<{ access_token: string }>({
      method: 'POST',
      url: '/ums/auth/login',
      payload: { email, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    return {
      id: Number(r.rows[0]!.id),
      email,
      headers: { authorization: `Bearer ${login.body.access_token}`, authtype: 'password' },
    };
  };

  const read = async (url: string) =>
    (await t.call<Record_>({ method: 'GET', url, headers: admin })).body.data;

  const put = async (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call<ErrorBody>({
      method: 'PUT',
      url,
      headers,
      payload: { ...payload, version: (await read(url)).version },
    });

  const deniedAudits = async (target: string, actorId: number): Promise<number> => {
    const r = await t.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'privilege_denied' AND target = $1 AND actor_id = $2",
      [target, actorId],
    );
    return Number(r.rows[0]!.n);
  };

  it('stops a delegated user manager from taking over an admin or widening their own role', async () => {
    const viewer = seeded.find((r) => r.name === 'VIEWER')!;
    const it_ = seeded.find((r) => r.name === 'IT')!;
    const managerPerms = await permissionIds([
      ['GET', `${USERS}/:id`],
      ['PUT', `${USERS}/:id`],
      ['DELETE', USERS],
      ['POST', `${USERS}/:id/unlock`],
      ['GET', `${ROLES}/:id`],
      ['PUT', `${ROLES}/:id`],
      ['POST', ROLES],
    ]);
    const role = await t.call<Record_>({
      method: 'POST',
      url: ROLES,
      headers: admin,
      payload: { name: 'User manager', permissions: managerPerms },
    });
    expect(role.status).toBe(201);
    const manager = await userWith([viewer.id, role.body.data.id]);
    const adminId = Number(
      (await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [ADMIN_EMAIL])).rows[0]!.id,
    );
    const adminUrl = `${USERS}/${adminId}`;
    const attempts: Array<Record<string, unknown>> = [
      { new_password: 'taken over at last!', verify_password: 'taken over at last!' },
      { email: 'manager-owned@test.local' },
      { roles: [viewer.id] },
      { disabled: true },
    ];
    for (const payload of attempts) {
      const res = await put(adminUrl, manager.headers, payload);
      expect(res.status, JSON.stringify(payload)).toBe(403);
      expect(res.body.error.message).toBe(
        `You cannot change users/${adminId}: only an admin can manage ADMIN`,
      );
    }
    expect(await deniedAudits(`users/${adminId}`, manager.id)).toBe(attempts.length);
    const still = await t.call({
      method: 'POST',
      url: '/ums/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(still.status).toBe(200);
    const unlock = await t.call<ErrorBody>({
      method: 'POST',
      url: `${adminUrl}/unlock`,
      headers: manager.headers,
    });
    expect(unlock.status).toBe(403);

    const all = (await t.db.query<{ id: number }>('SELECT id FROM permissions')).rows.map((p) =>
      Number(p.id),
    );
    const widen = await put(`${ROLES}/${role.body.data.id}`, manager.headers, { permissions: all });
    expect(widen.status).toBe(403);
    expect(widen.body.error.message).toMatch(
      /^You cannot change the role User manager: you hold this role yourself$/,
    );
    expect(await deniedAudits(`roles/${role.body.data.id}`, manager.id)).toBe(1);
    const fresh = await t.call<ErrorBody>({
      method: 'POST',
      url: ROLES,
      headers: manager.headers,
      payload: { name: 'Everything', permissions: all },
    });
    expect(fresh.status).toBe(403);
    expect(fresh.body.error.message).toMatch(/you can only give a role permissions you hold/);
    expect((await read(`${ROLES}/${role.body.data.id}`)).permissions).toEqual(managerPerms);

    const weak = await userWith([viewer.id]);
    const rename = await put(`${USERS}/${weak.id}`, manager.headers, { name: 'Renamed by manager' });
    expect(rename.status).toBe(200);
    const promote = await put(`${USERS}/${weak.id}`, manager.headers, { roles: [viewer.id, it_.id] });
    expect(promote.status).toBe(403);
    expect(promote.body.error.message).toMatch(
      /^You cannot give these roles: it holds \d+ permissions you do not have$/,
    );

    const bulk = await t.call<ErrorBody>({
      method: 'DELETE',
      url: `${USERS}?ids=${weak.id},${adminId}`,
      headers: manager.headers,
    });
    expect(bulk.status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${USERS}/${weak.id}`, headers: admin })).status).toBe(200);
    const single = await t.call({
      method: 'DELETE',
      url: `${USERS}?ids=${weak.id}`,
      headers: manager.headers,
    });
    expect(single.status).toBe(200);
  });

  it('allows an update exactly when the rule does, for every ordered pair of seeded roles', async () => {
    const mgr = await t.call<Record_>({
      method: 'POST',
      url: ROLES,
      headers: admin,
      payload: {
        name: 'Pair editor',
        permissions: await permissionIds([
          ['PUT', `${USERS}/:id`],
          ['PUT', `${ROLES}/:id`],
        ]),
      },
    });
    const mgrPerms = new Set(mgr.body.data.permissions);
    const subset = (a: Set<number>, b: Set<number>) => [...a].every((p) => b.has(p));
    const outcomes = { allowed: 0, refused: 0 };
    for (const a of seeded) {
      const actor = await userWith([a.id, mgr.body.data.id]);
      const actorPerms = new Set([...a.permissions, ...mgrPerms]);
      for (const b of seeded) {
        const isAdmin = a.name === 'ADMIN';
        const weaker = b.name !== 'ADMIN' && subset(b.permissions, actorPerms);
        const target = await userWith([b.id]);
        const user = await put(`${USERS}/${target.id}`, actor.headers, { name: `by ${a.name}` });
        expect(user.status, `${a.name} updates a ${b.name} user`).toBe(isAdmin || weaker ? 200 : 403);
        const roleOk = isAdmin || (weaker && a.id !== b.id);
        const role = await put(`${ROLES}/${b.id}`, actor.headers, { description: `touched by ${a.name}` });
        expect(role.status, `${a.name} updates role ${b.name}`).toBe(roleOk ? 200 : 403);
        if (!roleOk) expect(await deniedAudits(`roles/${b.id}`, actor.id)).toBe(1);
        for (const ok of [isAdmin || weaker, roleOk]) outcomes[ok ? 'allowed' : 'refused'] += 1;
      }
    }
    // The seeded roles must exercise both sides of the rule, or this test proves nothing.
    expect(outcomes.allowed).toBeGreaterThan(seeded.length);
    expect(outcomes.refused).toBeGreaterThan(seeded.length);
  });
});
