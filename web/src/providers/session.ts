/**
 * The local session of SPEC §3 ("Local session"): id_token, auth_type, exp, expires_in, user_id, and the
 * user's role names as a comma-separated list. exp is epoch seconds, like a JWT's exp claim.
 */
export type AuthType = 'password' | 'google';

export interface Session {
  idToken: string;
  authType: AuthType;
  /** Expiry, epoch seconds. */
  exp: number;
  expiresIn: number;
  userId: number | null;
  roles: string[];
}

export const SESSION_KEYS = ['id_token', 'auth_type', 'exp', 'expires_in', 'user_id', 'roles'] as const;

export function saveToken(
  token: { idToken: string; authType: AuthType; expiresIn: number; exp?: number },
  nowMs = Date.now(),
  storage: Storage = localStorage,
): Session {
  const exp = token.exp ?? Math.floor(nowMs / 1000) + token.expiresIn;
  storage.setItem('id_token', token.idToken);
  storage.setItem('auth_type', token.authType);
  storage.setItem('exp', String(exp));
  storage.setItem('expires_in', String(token.expiresIn));
  return readSession(storage) as Session;
}

export function saveUser(user: { id: number; roles: string[] }, storage: Storage = localStorage): void {
  storage.setItem('user_id', String(user.id));
  storage.setItem('roles', user.roles.join(','));
}

export function readSession(storage: Storage = localStorage): Session | null {
  const idToken = storage.getItem('id_token');
  const authType = storage.getItem('auth_type');
  const exp = Number(storage.getItem('exp'));
  if (!idToken || (authType !== 'password' && authType !== 'google') || !Number.isFinite(exp) || exp <= 0) {
    return null;
  }
  const userId = Number(storage.getItem('user_id'));
  const roles = storage.getItem('roles');
  return {
    idToken,
    authType,
    exp,
    expiresIn: Number(storage.getItem('expires_in')) || 0,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    roles: roles ? roles.split(',').filter(Boolean) : [],
  };
}

/** A missing or past expiry means signed out (SPEC §4 Session). */
export function isSessionLive(session: Session | null, nowMs = Date.now()): session is Session {
  return session !== null && session.exp * 1000 > nowMs;
}

export function clearSession(storage: Storage = localStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}

/** The claims of a JWT, unverified: the server verifies; the console only reads exp, email and hd. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
