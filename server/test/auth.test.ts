import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, DATABASES, TEST_KEYS, type TestApp } from './helper.js';

const login = (t: TestApp, email: string, password: string) =>
  t.call<{ access_token: string; expires_in: number; error?: { code: string } }>({
    method: 'POST',
    url: '/ums/auth/login',
    payload: { email, password },
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, authtype: 'password' });
const me = (t: TestApp, headers: Record<string, string>) =>
  t.call({ method: 'GET', url: '/ums/api/v1/users/me', headers });

async function forge(
  claims: Record<string, unknown>,
  opts: { secret?: string; alg?: string; exp?: string | number; iat?: number } = {},
) {
  const key = new TextEncoder().encode(opts.secret ?? TEST_KEYS.jwtSecret);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(opts.iat)
    .setExpirationTime(opts.exp ?? '1h')
    .sign(key);
}

describe.each(DATABASES)('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginMaxAttempts: 5, loginIpMaxAttempts: 1000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with e-mail and password (JSON and form) and returns a working token', async () => {
    const res = await login(t, ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(3600);
    const form = await t.call<{ access_token: string }>({
      method: 'POST',
      url: '/ums/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(ADMIN_EMAIL)}&password=${encodeURIComponent(ADMIN_PASSWORD)}`,
    });
    expect(form.status).toBe(200);
    const profile = await me(t, bearer(form.body.access_token));
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ data: { email: ADMIN_EMAIL, full_roles: [{ name: 'ADMIN' }] } });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await login(t, 'nobody@test.local', 'whatever password 1');
    const wrong = await login(t, 'viewer-probe@test.local', 'whatever password 1');
    await t.as('VIEWER');
    const wrongKnown = await login(t, ADMIN_EMAIL, 'not the right password');
    for (const r of [unknown, wrong, wrongKnown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual(unknown.body);
    }
  });

  it('refuses tampered, expired, foreign, alg-none and wrongly typed tokens', async () => {
    const good = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;
    const [h, p, s] = good.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const otherUser = Buffer.from(JSON.stringify({ ...payload, sub: '2' })).toString('base64url');
    const id = Number(payload.sub);
    const now = Math.floor(Date.now() / 1000);
    const base = {
      sub: String(payload.sub),
      sv: payload.sv,
      typ: 'access',
      iss: 'sitefleet',
      aud: 'sitefleet-console',
    };
    const bad = [
      flipped,
      none,
      `${h}.${otherUser}.${s}`,
      await forge(base, { exp: Math.floor(Date.now() / 1000) - 10 }),
      await forge(base, { secret: 'another secret that is long enough to be a key' }),
      await forge({ ...base, aud: 'someone-else' }),
      await forge({ ...base, iss: 'someone-else' }),
      await forge({ ...base, typ: 'refresh' }),
      await forge(base, { alg: 'HS512' }),
      'not-a-jwt',
      // The user id has one spelling: anything else Number() would read as the same id is refused.
      ...(await Promise.all(
        [` ${id}`, `${id} `, `0x${id.toString(16)}`, `${id}e0`, `0${id}`, `+${id}`, [String(id)], id].map(
          (sub) => forge({ ...base, sub }),
        ),
      )),
      await forge(base, { iat: now + 86_400, exp: now + 90_000 }),
      await forge({ ...base, nbf: now + 86_400 }),
    ];
    expect((await me(t, bearer(await forge(base)))).status).toBe(200);
    // A clock a little ahead of this one is tolerated.
    expect((await me(t, bearer(await forge(base, { iat: now + 30 })))).status).toBe(200);
    for (const token of bad) expect((await me(t, bearer(token))).status, token).toBe(401);
    expect((await me(t, { authorization: `Basic ${good}` })).status).toBe(401);
    expect((await me(t, { authorization: `Bearer ${good}`, authtype: 'kerberos' })).status).toBe(401);
  });

  it('refreshes a token for its own user only', async () => {
    const res = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const headers = bearer(res.body.access_token);
    const profile = await me(t, headers);
    const id = (profile.body as { data: { id: number } }).data.id;
    const fresh = await t.call<{ access_token: string; expires_in: number }>({
      method: 'GET',
      url: `/ums/api/v1/users/${id}/refresh-token`,
      headers,
    });
    expect(fresh.status).toBe(200);
    expect((await me(t, bearer(fresh.body.access_token))).status).toBe(200);
    const other = await t.call({
      method: 'GET',
      url: `/ums/api/v1/users/${id + 1000}/refresh-token`,
      headers,
    });
    expect(other.status).toBe(403);
    const last = await t.call<{ data: { last_login: number } }>({
      method: 'GET',
      url: '/ums/api/v1/users/update-last-login',
      headers,
    });
    expect(Math.abs(last.body.data.last_login - Date.now() / 1000)).toBeLessThan(5);
  });

  it('disabling a user ends their live token and refuses password sign-in and refresh', async () => {
    const admin = await t.as('ADMIN');
    const email = `tobedisabled-${kind}@test.local`;
    const created = await t.call<{ data: { id: number; version: number } }>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: {
        name: 'Temp',
        email,
        roles: [],
        target_markets: ['All'],
        new_password: ADMIN_PASSWORD,
        verify_password: ADMIN_PASSWORD,
      },
    });
    expect(created.status).toBe(422); // roles are required
    const viewerRole = await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'VIEWER'");
    const ok = await t.call<{ data: { id: number; version: number } }>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: {
        name: 'Temp',
        email,
        roles: [viewerRole.rows[0]!.id],
        target_markets: ['All'],
        new_password: ADMIN_PASSWORD,
        verify_password: ADMIN_PASSWORD,
      },
    });
    expect(ok.status).toBe(201);
    const token = (await login(t, email, ADMIN_PASSWORD)).body.access_token;
    expect((await me(t, bearer(token))).status).toBe(200);
    const upd = await t.call({
      method: 'PUT',
      url: `/ums/api/v1/users/${ok.body.data.id}`,
      headers: admin,
      payload: { disabled: true, version: ok.body.data.version },
    });
    expect(upd.status).toBe(200);
    expect((await me(t, bearer(token))).status).toBe(401);
    expect((await login(t, email, ADMIN_PASSWORD)).status).toBe(401);
    const refresh = await t.call({
      method: 'GET',
      url: `/ums/api/v1/users/${ok.body.data.id}/refresh-token`,
      headers: bearer(token),
    });
    expect(refresh.status).toBe(401);
  });

  it('logout ends the session; a role change applies on the next request', async () => {
    const token = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;
    expect((await t.call({ method: 'POST', url: '/ums/auth/logout', headers: bearer(token) })).status).toBe(
      200,
    );
    expect((await me(t, bearer(token))).status).toBe(401);

    const viewer = await t.as('VIEWER');
    expect((await t.call({ method: 'GET', url: '/dms/api/v1/tags', headers: viewer })).status).toBe(200);
    const perm = await t.db.query<{ id: number }>(
      "SELECT id FROM permissions WHERE method = 'GET' AND route = '/dms/api/v1/tags'",
    );
    const admin = await t.as('ADMIN');
    const setViewerPermissions = async (change: (ids: number[]) => number[]) => {
      const role = await t.call<{ data: { id: number; permissions: number[]; version: number } }>({
        method: 'GET',
        url: `/ums/api/v1/roles/${(await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'VIEWER'")).rows[0]!.id}`,
        headers: admin,
      });
      const { id, permissions, version } = role.body.data;
      const res = await t.call({
        method: 'PUT',
        url: `/ums/api/v1/roles/${id}`,
        headers: admin,
        payload: { permissions: change(permissions), version },
      });
      expect(res.status).toBe(200);
    };
    const tagsPerm = Number(perm.rows[0]!.id);
    await setViewerPermissions((ids) => ids.filter((i) => i !== tagsPerm));
    expect((await t.call({ method: 'GET', url: '/dms/api/v1/tags', headers: viewer })).status).toBe(403);
    await setViewerPermissions((ids) => [...ids, tagsPerm]);
    expect((await t.call({ method: 'GET', url: '/dms/api/v1/tags', headers: viewer })).status).toBe(200);
    const audit = await t.db.query("SELECT count(*) AS n FROM audit_log WHERE action = 'permission_denied'");
    expect(Number((audit.rows[0] as { n: number }).n)).toBeGreaterThan(0);
  });

  it('another process sees role and account changes through the database notification', async () => {
    const other = await buildApp(createDeps(t.config, t.db, TEST_KEYS), { logger: false });
    await other.app.ready();
    try {
      const viewer = await t.as('VIEWER');
      const tags = () => other.app.inject({ method: 'GET', url: '/dms/api/v1/tags', headers: viewer });
      expect((await tags()).statusCode).toBe(200); // now cached in the other process
      const perm = await t.db.query<{ id: number }>(
        "SELECT id FROM permissions WHERE method = 'GET' AND route = '/dms/api/v1/tags'",
      );
      await t.db.query(
        "UPDATE roles SET permissions = array_remove(permissions, $1::bigint) WHERE name = 'VIEWER'",
        [perm.rows[0]!.id],
      );
      const until = Date.now() + 2000;
      let status = (await tags()).statusCode;
      while (status !== 403 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await tags()).statusCode;
      }
      expect(status).toBe(403);
      await t.db.query(
        "UPDATE roles SET permissions = array_append(permissions, $1::bigint) WHERE name = 'VIEWER'",
        [perm.rows[0]!.id],
      );
    } finally {
      await other.app.close();
    }
  });

  it('under 50 parallel wrong passwords runs at most the allowed checks, then refuses the right one', async () => {
    const email = `throttled-${kind}@test.local`;
    await t.db.query(
      `INSERT INTO users (name, email, roles, target_markets, password_hash)
       SELECT 'T', $1, '{}', '{All}', password_hash FROM users WHERE email = $2`,
      [email, ADMIN_EMAIL],
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(t, email, `wrong password ${i}`)),
    );
    const checked = await t.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'login_failed' AND target = $1",
      [email],
    );
    expect(Number(checked.rows[0]!.n)).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(45);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const right = await login(t, email, ADMIN_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    // An unknown e-mail locks the same way, so a lock does not reveal whether an account exists.
    const ghost = await Promise.all(
      Array.from({ length: 7 }, () => login(t, 'ghost@test.local', 'wrong password')),
    );
    expect(ghost.filter((r) => r.status === 429).length).toBe(2);
  });

  it('the audit log refuses updates and deletes', async () => {
    await expect(t.db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
