import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVEAL_LIMIT } from '../src/services/ums/step-up.js';
import { ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Headers = Record<string, string>;
const SITES = '/dms/api/v1/websites';
const AUDIT = '/ums/api/v1/audit-log';

describe.each(DATABASES)('revealing secrets on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    const site = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: SITES,
      headers: admin,
      payload: {
        url: 'reveal-test.com',
        target_market: 'UK',
        http_auth_credentials: 'canary-http-7781',
        remote_desktop: { username: 'ops', password: 'canary-rdp-7782' },
      },
    });
    expect(site.status).toBe(201);
    siteId = site.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Headers of a user whose role holds exactly the named (method, route) permissions. */
  const withRole = async (role: string, perms: Array<[string, string]>): Promise<Headers> => {
    await t.db.query(
      `INSERT INTO roles (name, permissions) VALUES ($1,
         ARRAY(SELECT id FROM permissions WHERE (method, route) IN (SELECT * FROM unnest($2::text[], $3::text[]))))`,
      [role, perms.map((p) => p[0]), perms.map((p) => p[1])],
    );
    return t.as(role);
  };
  const reveal = (headers: Headers, field = 'remote_desktop.password', id = siteId) =>
    t.call<{ data: { value: string } } & Err>({
      method: 'POST',
      url: `${SITES}/${id}/reveal`,
      headers,
      payload: { field },
    });
  const stepUp = (headers: Headers, password = ADMIN_PASSWORD) =>
    t.call<{ data: { valid_until: number } } & Err>({
      method: 'POST',
      url: '/ums/auth/step-up',
      headers,
      payload: { password },
    });
  const revealRoute: [string, string] = ['POST', `${SITES}/:id/reveal`];
  const readRoutes: Array<[string, string]> = [
    ['GET', SITES],
    ['GET', `${SITES}/:id`],
  ];

  it('refuses a reveal without its own permission (403), even to a role that reads everything', async () => {
    const reader = await withRole('SITE_READER', readRoutes);
    expect((await t.call({ method: 'GET', url: `${SITES}/${siteId}`, headers: reader })).status).toBe(200);
    expect((await stepUp(reader)).status).toBe(200);
    const res = await reveal(reader);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toBe(`You do not have permission for POST ${SITES}/:id/reveal`);
  });

  it('asks for a step-up first (401 step_up_required with the reason), then reveals and audits', async () => {
    const revealer = await withRole('SITE_REVEALER', [...readRoutes, revealRoute]);
    const before = await reveal(revealer);
    expect(before.status).toBe(401);
    expect(before.body.error.code).toBe('step_up_required');
    expect(before.body.error.message).toMatch(/Confirm your password .* last 5 minutes/);

    const wrong = await stepUp(revealer, 'not the password at all');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ password: 'Password confirmation failed' });
    expect((await reveal(revealer)).status).toBe(401);

    const ok = await stepUp(revealer);
    expect(ok.status).toBe(200);
    expect(ok.body.data.valid_until).toBeGreaterThan(Date.now() / 1000 + 240);
    const res = await reveal(revealer);
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe('canary-rdp-7782');

    const me = await t.db.query<{ id: number }>(
      "SELECT id FROM users WHERE roles = ARRAY(SELECT id FROM roles WHERE name = 'SITE_REVEALER')",
    );
    const audit = await t.db.query<{ actor_id: number; target: string; ip: string; detail: unknown }>(
      "SELECT actor_id, target, ip, detail FROM audit_log WHERE action = 'reveal_secret' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toEqual({
      actor_id: me.rows[0]!.id,
      target: `websites/${siteId}`,
      ip: '127.0.0.1',
      detail: { resource: 'websites', id: siteId, field: 'remote_desktop.password' },
    });
    const actions = await t.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE actor_id = $1 ORDER BY id',
      [me.rows[0]!.id],
    );
    expect(actions.rows.map((r) => r.action)).toEqual([
      'login',
      'step_up_failed',
      'step_up',
      'reveal_secret',
    ]);
  });

  it('binds a step-up to its session and lets it expire after 5 minutes', async () => {
    const first = await withRole('SESSION_REVEALER', [revealRoute]);
    expect((await stepUp(first)).status).toBe(200);
    expect((await reveal(first)).status).toBe(200);
    // A confirmation belongs to the session (bearer token) that made it: moved to another, it is worthless.
    await t.db.query(
      `UPDATE step_ups SET session_key = 'another session'
       WHERE user_id = (SELECT u.id FROM users u JOIN roles r ON r.id = ANY(u.roles) WHERE r.name = 'SESSION_REVEALER')`,
    );
    expect((await reveal(first)).body.error.code).toBe('step_up_required');
    expect((await stepUp(first)).status).toBe(200);
    expect((await reveal(first)).status).toBe(200);
    await t.db.query('UPDATE step_ups SET at = at - 301');
    const expired = await reveal(first);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('step_up_required');
  });

  it('throttles password confirmations like sign-in: locked, even the right password is refused', async () => {
    const guesser = await withRole('GUESSER', [revealRoute]);
    for (let i = 0; i < t.config.loginMaxAttempts; i++) {
      expect((await stepUp(guesser, `wrong guess ${i}`)).status).toBe(422);
    }
    const locked = await stepUp(guesser);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/^Too many sign-in attempts; try again at/);
    expect((await reveal(guesser)).body.error.code).toBe('step_up_required');
  });

  it(`answers 429 after ${REVEAL_LIMIT} reveals in 10 minutes`, async () => {
    const busy = await withRole('BUSY_REVEALER', [revealRoute]);
    expect((await stepUp(busy)).status).toBe(200);
    for (let i = 0; i < REVEAL_LIMIT; i++)
      expect((await reveal(busy, 'http_auth_credentials')).status).toBe(200);
    const over = await reveal(busy, 'http_auth_credentials');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('too_many_requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
  });

  it('lists reveals on the audit screen for admins only, filtered by action, actor, target and date', async () => {
    const list = (headers: Headers, filter: Record<string, unknown>) =>
      t.call<{ data: Array<Record<string, unknown>>; meta: { total: number } } & Err>({
        method: 'GET',
        url: `${AUDIT}?perPage=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        headers,
      });
    const reveals = await list(admin, { action: 'reveal_secret', target: `websites/${siteId}` });
    expect(reveals.status).toBe(200);
    // one in the step-up test, two in the session test, the rest in the rate-limit test
    expect(reveals.body.meta.total).toBe(1 + 2 + REVEAL_LIMIT);
    const newest = reveals.body.data[0]!;
    expect(newest).toMatchObject({ action: 'reveal_secret', target: `websites/${siteId}`, ip: '127.0.0.1' });
    expect(newest.detail).toEqual({ resource: 'websites', id: siteId, field: 'http_auth_credentials' });
    const byActor = await list(admin, { action: 'reveal_secret', actor_id: newest.actor_id });
    expect(byActor.body.meta.total).toBe(REVEAL_LIMIT);
    const now = Math.floor(Date.now() / 1000);
    const future = await list(admin, { action: 'reveal_secret', at: { min: now + 3600 } });
    expect(future.body.meta.total).toBe(0);
    expect(JSON.stringify(reveals.body)).not.toMatch(/canary/);

    const staff = await t.as('IT');
    expect((await list(staff, {})).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `${AUDIT}/1`, headers: admin })).status).toBe(404);
    await expect(t.db.query('UPDATE audit_log SET action = $1', ['forged'])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('seeds no reveal for any role but ADMIN, and the audit log for ADMIN only', async () => {
    const held = await t.db.query<{ name: string; kind: string; route: string }>(
      `SELECT r.name, p.kind, p.route FROM roles r JOIN permissions p ON p.id = ANY(r.permissions)
       WHERE r.name IN ('IT', 'VIEWER') AND (p.kind = 'reveal' OR p.route LIKE '${AUDIT}%')`,
    );
    expect(held.rows).toEqual([]);
    const reveals = await t.db.query<{ route: string }>(
      "SELECT route FROM permissions WHERE kind = 'reveal' ORDER BY route",
    );
    expect(reveals.rows.map((r) => r.route)).toEqual([
      '/dms/api/v1/envs/:id/reveal',
      '/dms/api/v1/proxy-servers/:id/reveal',
      `${SITES}/:id/reveal`,
      '/dms/api/v1/wp-sites/:id/reveal',
      '/dms/api/v1/wp-users/:id/reveal',
    ]);
    const staff = await t.as('IT');
    expect((await stepUp(staff)).status).toBe(200);
    expect((await reveal(staff)).status).toBe(403);
  });

  it('refuses undeclared or nested keys in a secret-bearing object, and never returns one stored earlier', async () => {
    const nested = await t.call<Err>({
      method: 'PUT',
      url: `${SITES}/${siteId}`,
      headers: admin,
      payload: { remote_desktop: { username: 'ops', extra: { password: 'canary-nested-7783' } }, version: 1 },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.error.code).toBe('validation_failed');
    expect(Object.keys(nested.body.error.fields ?? {}).join()).toMatch(/extra/);
    expect(JSON.stringify(nested.body)).not.toMatch(/canary/);
    const flat = await t.call<Err>({
      method: 'POST',
      url: SITES,
      headers: admin,
      payload: { url: 'other-test.com', target_market: 'UK', google_account: { pin: 'canary-pin-7784' } },
    });
    expect(flat.status).toBe(422);
    expect(Object.keys(flat.body.error.fields ?? {}).join()).toMatch(/pin/);
    // A value written before the rule existed stays out of every answer.
    await t.db.query(
      `UPDATE websites SET remote_desktop = remote_desktop || '{"legacy": "canary-legacy-7785"}' WHERE id = $1`,
      [siteId],
    );
    const one = await t.app.inject({ method: 'GET', url: `${SITES}/${siteId}`, headers: admin });
    const all = await t.app.inject({ method: 'GET', url: `${SITES}?perPage=5000`, headers: admin });
    for (const body of [one.body, all.body]) {
      expect(body).toContain('"password_set":true');
      expect(body).not.toMatch(/canary/);
    }
    const dump = await t.db.query('SELECT * FROM websites');
    expect(JSON.stringify(dump.rows)).toContain('reveal-test.com');
    expect(JSON.stringify(dump.rows)).not.toMatch(/canary-(rdp|http|nested|pin)/);
  });
});
