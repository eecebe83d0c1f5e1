import { actions } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../test/fetchMock';
import { authProvider, COMPANY_ONLY, LOGIN_FAILED, prefetchUser } from './authProvider';
import { readSession, saveToken } from './session';

const me = {
  data: {
    id: 9,
    name: 'Ada',
    last_name: 'Admin',
    email: 'ada@example.com',
    picture: null,
    full_roles: [
      { id: 1, name: 'ADMIN' },
      { id: 2, name: 'IT' },
    ],
    full_permissions: {},
  },
};

afterEach(async () => {
  await authProvider.logout({});
  vi.unstubAllGlobals();
});

describe('auth provider', () => {
  it('signs in with e-mail and password, stores the session and records the login', async () => {
    const calls = mockFetch({
      ...onAction(actions.ums.login, null, () => ({ body: { access_token: 'jwt-1', expires_in: 3600 } })),
      ...onAction(actions.ums.me, null, (init) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer jwt-1'
          ? { body: me }
          : { status: 401, body: null },
      ),
      ...onAction(actions.ums.updateLastLogin, null, () => ({ body: { data: { last_login: 1 } } })),
    });
    await authProvider.login({ email: 'ada@example.com', password: 'secret-password' });
    expect(readSession()).toMatchObject({
      idToken: 'jwt-1',
      authType: 'password',
      userId: 9,
      roles: ['ADMIN', 'IT'],
    });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
    // Signing in is public: no stale session's token goes with it.
    expect(calls[0]?.init?.headers).not.toHaveProperty('Authorization');
    expect((calls[1]?.init?.headers as Record<string, string>).AuthType).toBe('password');
    expect(calls.map((c) => c.path)).toContain('/ums/api/v1/users/update-last-login');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getPermissions!({})).resolves.toMatchObject({ isAdmin: true });
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 9, fullName: 'Ada Admin' });
  });

  it('asks for the user once at start-up when signed in, and the permissions use that answer', async () => {
    const calls = mockFetch({ ...onAction(actions.ums.me, null, () => ({ body: me })) });
    saveToken({ idToken: 'jwt-2', authType: 'password', expiresIn: 3600 });
    prefetchUser();
    expect(calls.map((c) => c.path)).toEqual(['/ums/api/v1/users/me']);
    await expect(authProvider.getPermissions!({})).resolves.toMatchObject({ isAdmin: true });
    await expect(authProvider.canAccess!({ resource: 'dms/api/v1/websites', action: 'list' })).resolves.toBe(
      true,
    );
    expect(calls).toHaveLength(1);
  });

  it('asks for nothing at start-up when signed out', () => {
    const calls = mockFetch({});
    prefetchUser();
    expect(calls).toHaveLength(0);
  });

  it("answers 'Login failed. Please try again.' and leaves no session on failure", async () => {
    mockFetch({
      'POST /ums/auth/login': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'no' } },
      }),
    });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(LOGIN_FAILED);
    expect(readSession()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('passes on the lock message, which says when the lock ends', async () => {
    const locked = 'Too many sign-in attempts; try again at 10:42 UTC (in 13 minutes)';
    mockFetch({
      'POST /ums/auth/login': () => ({
        status: 429,
        body: { error: { code: 'too_many_requests', message: locked } },
      }),
    });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(locked);
    expect(readSession()).toBeNull();
  });

  it('rejects a login answer without token data', async () => {
    // Off-contract on purpose: a plain route, not onAction.
    mockFetch({ 'POST /ums/auth/login': () => ({ body: { access_token: 'x' } }) });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(LOGIN_FAILED);
  });

  it('logs out on 401 but not on 403', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
  });
});

describe('Google sign-in', () => {
  const credential = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;
  const exp = Math.floor(Date.now() / 1000) + 3600;

  it("refuses accounts outside the company domains with 'Only company emails are allowed'", async () => {
    mockFetch(
      onAction(actions.system.config, null, () => ({
        body: { google_client_id: 'cid', allowed_google_domains: ['corp.example'], version: '1' },
      })),
    );
    await expect(
      authProvider.login({ credential: credential({ email: 'x@gmail.com', hd: undefined, exp }) }),
    ).rejects.toThrow(COMPANY_ONLY);
    expect(readSession()).toBeNull();
  });

  it('keeps a company Google token as the bearer with AuthType google', async () => {
    const calls = mockFetch({
      ...onAction(actions.system.config, null, () => ({
        body: { google_client_id: 'cid', allowed_google_domains: ['corp.example'], version: '1' },
      })),
      ...onAction(actions.ums.me, null, () => ({ body: me })),
    });
    await authProvider.login({
      credential: credential({ email: 'ada@corp.example', hd: 'corp.example', exp }),
    });
    expect(readSession()).toMatchObject({ authType: 'google', exp });
    const meCall = calls.find((c) => c.path === '/ums/api/v1/users/me');
    expect((meCall?.init?.headers as Record<string, string>).AuthType).toBe('google');
  });
});
