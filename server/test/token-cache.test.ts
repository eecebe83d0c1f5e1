import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../src/services/ums/tokens.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

const SECRET = 'a secret long enough to sign the tokens of this test with';

describe('verified-token cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a verified token from memory until its expiry, never after it', async () => {
    const tokens = new TokenService(SECRET, 60);
    const { access_token: token } = await tokens.issue(7, 3);
    expect(tokens.remembers(token)).toBe(false);
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionEpoch: 3 });
    expect(tokens.remembers(token)).toBe(true);
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionEpoch: 3 });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59_000 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionEpoch: 3 });
    vi.setSystemTime(Date.now() + 2_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired',
    });
    expect(tokens.remembers(token)).toBe(false);
  });

  it('keeps only the most recently used tokens beyond its bound, and never a refused one', async () => {
    const tokens = new TokenService(SECRET, 60, 2);
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async (id) => (await tokens.issue(id, 0)).access_token),
    );
    await tokens.verify(a!);
    await tokens.verify(b!);
    await tokens.verify(a!); // a is now the most recently used
    await tokens.verify(c!);
    expect([a, b, c].map((x) => tokens.remembers(x!))).toEqual([true, false, true]);

    const forged = `${c!.slice(0, -2)}${c!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ status: 401 });
    expect(tokens.remembers(forged)).toBe(false);
  });
});

describe.each(DATABASES)('a cached token on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, authtype: 'password' });
  const me = (token: string) =>
    t.call({ method: 'GET', url: '/ums/api/v1/users/me', headers: bearer(token) });

  async function signIn(role: string): Promise<{ token: string; id: number }> {
    const headers = await t.as(role);
    const token = headers.authorization!.slice('Bearer '.length);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(t.deps.tokens.remembers(token)).toBe(true);
    return { token, id: (res.body as { data: { id: number } }).data.id };
  }

  it('is refused right after its user logs out', async () => {
    const { token } = await signIn('LOGOUT_PROBE');
    const out = await t.call({ method: 'POST', url: '/ums/auth/logout', headers: bearer(token) });
    expect(out.status).toBe(200);
    expect(t.deps.tokens.remembers(token)).toBe(true);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { message: 'Your session has ended; sign in again' } });
  });

  it('is refused right after its user is disabled', async () => {
    const { token, id } = await signIn('DISABLE_PROBE');
    const admin = await t.as('ADMIN');
    const user = await t.call<{ data: { version: number } }>({
      method: 'GET',
      url: `/ums/api/v1/users/${id}`,
      headers: admin,
    });
    const disabled = await t.call({
      method: 'PUT',
      url: `/ums/api/v1/users/${id}`,
      headers: admin,
      payload: { disabled: true, version: user.body.data.version },
    });
    expect(disabled.status).toBe(200);
    expect(t.deps.tokens.remembers(token)).toBe(true);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { message: 'This account is disabled' } });
  });
});
