import { describe, expect, it } from 'vitest';
import {
  clearSession,
  decodeJwtPayload,
  isSessionLive,
  readSession,
  saveToken,
  saveUser,
  SESSION_KEYS,
} from './session';

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: object) => `h.${base64url(JSON.stringify(payload))}.s`;

describe('local session (SPEC §3)', () => {
  it('stores id_token, auth_type, exp, expires_in, user_id and roles as a comma-separated list', () => {
    saveToken({ idToken: 'tok', authType: 'password', expiresIn: 3600 }, 1_700_000_000_000);
    saveUser({ id: 7, roles: ['ADMIN', 'IT'] });
    expect(localStorage.getItem('id_token')).toBe('tok');
    expect(localStorage.getItem('auth_type')).toBe('password');
    expect(localStorage.getItem('exp')).toBe(String(1_700_000_000 + 3600));
    expect(localStorage.getItem('expires_in')).toBe('3600');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('roles')).toBe('ADMIN,IT');
    expect(readSession()).toEqual({
      idToken: 'tok',
      authType: 'password',
      exp: 1_700_003_600,
      expiresIn: 3600,
      userId: 7,
      roles: ['ADMIN', 'IT'],
    });
  });

  it('treats a missing or past expiry as signed out', () => {
    expect(isSessionLive(readSession())).toBe(false);
    saveToken({ idToken: 'tok', authType: 'google', expiresIn: 60 }, 1_000_000);
    expect(isSessionLive(readSession(), 1_000_000 + 59_000)).toBe(true);
    expect(isSessionLive(readSession(), 1_000_000 + 60_000)).toBe(false);
    localStorage.removeItem('exp');
    expect(readSession()).toBeNull();
  });

  it('clears every session key', () => {
    saveToken({ idToken: 'tok', authType: 'password', expiresIn: 60 });
    saveUser({ id: 1, roles: [] });
    clearSession();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('decodes JWT claims (base64url, unicode)', () => {
    expect(decodeJwtPayload(jwt({ email: 'zoë@example.com', exp: 5 }))).toEqual({
      email: 'zoë@example.com',
      exp: 5,
    });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });
});
