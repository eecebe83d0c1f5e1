import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/ums/passwords.js';
import { lockMessage } from '../src/services/ums/throttle.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';

const LOCKED = /^Too many sign-in attempts; try again at \d\d:\d\d UTC \(in \d+ minutes?\)$/;

describe('lockMessage', () => {
  it('says when the lock ends, in UTC and from now', () => {
    const now = new Date('2026-11-25T10:29:30Z');
    expect(lockMessage(780, now)).toBe('Too many sign-in attempts; try again at 10:42 UTC (in 13 minutes)');
    expect(lockMessage(20, now)).toBe('Too many sign-in attempts; try again at 10:29 UTC (in 1 minute)');
  });
});

describe.each(DATABASES)('sign-in availability on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The defaults: 5 attempts per account and 100 per address in a 900 s window.
    t = await createTestApp(kind);
    expect([t.config.loginMaxAttempts, t.config.loginIpMaxAttempts]).toEqual([5, 100]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.call<{ access_token?: string; error?: { code: string; message: string } }>({
      method: 'POST',
      url: '/ums/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  const account = async (email: string) => {
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO users (name, email, roles, target_markets, password_hash)
       VALUES ('L', $1, ARRAY(SELECT id FROM roles WHERE name = 'VIEWER'), '{All}', $2) RETURNING id`,
      [email, await hashPassword(ADMIN_PASSWORD)],
    );
    return Number(r.rows[0]!.id);
  };

  it('does not count good sign-ins against the shared address', async () => {
    // One office: ten colleagues behind one address sign in twelve times each, 120 sign-ins in all.
    const address = '198.51.100.7';
    const colleagues = Array.from({ length: 10 }, (_, i) => `office-${i}-${kind}@test.local`);
    for (const email of colleagues) await account(email);
    for (let round = 0; round < 12; round += 1) {
      const batch = await Promise.all(colleagues.map((email) => login(email, ADMIN_PASSWORD, address)));
      expect(batch.map((r) => r.status)).toEqual(colleagues.map(() => 200));
    }
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, address)).status).toBe(200);
  });

  it('locks an address after too many failures, and says until when', async () => {
    const address = '198.51.100.8';
    for (let round = 0; round < 10; round += 1) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login(`nobody-${round}-${i}@test.local`, 'wrong password', address),
        ),
      );
      expect(batch.every((r) => r.status === 401)).toBe(true);
    }
    const refused = await login(ADMIN_EMAIL, ADMIN_PASSWORD, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error!.message).toMatch(LOCKED);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(600);
    expect(retry).toBeLessThanOrEqual(900);
    expect(refused.body.error!.message).toContain(`(in ${Math.ceil(retry / 60)} minutes)`);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.9')).status).toBe(200);
  });

  it('lets an admin unlock a locked account from its record', async () => {
    const email = `locked-${kind}@test.local`;
    const id = await account(email);
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'wrong password')).status).toBe(401);
    const locked = await login(email, ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error!.message).toMatch(LOCKED);

    const admin = await t.as('ADMIN');
    const record = await t.call<{ data: { locked_until: number | null } }>({
      method: 'GET',
      url: `/ums/api/v1/users/${id}`,
      headers: admin,
    });
    const until = record.body.data.locked_until!;
    expect(Math.abs(until - (Date.now() / 1000 + 900))).toBeLessThan(10);

    const viewer = await t.as('VIEWER');
    const refused = await t.call({ method: 'POST', url: `/ums/api/v1/users/${id}/unlock`, headers: viewer });
    expect(refused.status).toBe(403);
    expect((await login(email, ADMIN_PASSWORD)).status).toBe(429);

    const unlocked = await t.call({ method: 'POST', url: `/ums/api/v1/users/${id}/unlock`, headers: admin });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ data: { id, locked_until: null } });
    const audit = await t.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'account_unlocked' AND target = $1",
      [`users/${id}`],
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);
    const after = await t.call<{ data: { locked_until: number | null } }>({
      method: 'GET',
      url: `/ums/api/v1/users/${id}`,
      headers: admin,
    });
    expect(after.body.data.locked_until).toBeNull();
    expect((await login(email, ADMIN_PASSWORD)).status).toBe(200);
  });
});
