import { actions, type Me } from '@sitefleet/shared';
import type { AuthProvider } from 'react-admin';
import { isCompanyAccount, loadConfig } from './config';
import { callAction } from './actions';
import { canDo, NO_PERMISSIONS, permissionsOf, type Permissions } from './permissions';
import { createRefreshScheduler } from './refresh';
import { isStepUpRequired } from './stepUp';
import { clearSession, decodeJwtPayload, isSessionLive, readSession, saveToken, saveUser } from './session';

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const COMPANY_ONLY = 'Only company emails are allowed';
/** How the server's sign-in lock message starts; it says when the lock ends, so it is shown as sent. */
export const SIGN_IN_LOCKED = 'Too many sign-in attempts';
const SIGNED_OUT_SETTLE_MS = 50;

export type LoginParams = { email: string; password: string } | { credential: string };

let me: Promise<Me> | null = null;

function loadMe(): Promise<Me> {
  me ??= callAction(actions.ums.me, {}).then((res) => {
    saveUser({ id: res.data.id, roles: (res.data.full_roles ?? []).map((r) => r.name) });
    return res.data;
  });
  me.catch(() => (me = null));
  return me;
}

/**
 * Asks for the signed-in user as the console starts, before its first render: every screen waits on the
 * permissions it carries, so the request runs alongside the start-up work instead of after it.
 */
export function prefetchUser(): void {
  if (isSessionLive(readSession())) loadMe().catch(() => undefined);
}

function endSession(): void {
  scheduler.cancel();
  clearSession();
  me = null;
}

async function refreshToken(): Promise<number> {
  const session = readSession();
  if (!session?.userId) throw new Error('No session to refresh');
  const res = await callAction(actions.ums.refreshToken, { params: { id: String(session.userId) } });
  if (!res.access_token || !res.expires_in) throw new Error('invalid token data');
  return saveToken({ idToken: res.access_token, authType: 'password', expiresIn: res.expires_in }).exp;
}

/** A refresh failure ends the session; reloading lands on the sign-in page (SPEC §8). */
const scheduler = createRefreshScheduler({
  refresh: refreshToken,
  onFailure: () => {
    endSession();
    window.location.reload();
  },
});

function armSessionTimer(): void {
  const session = readSession();
  if (!isSessionLive(session) || scheduler.isScheduled()) return;
  // Google ID tokens cannot be refreshed here: the session simply ends at their expiry.
  if (session.authType === 'password') scheduler.schedule(session.exp);
}

async function passwordLogin(email: string, password: string): Promise<void> {
  const res = await callAction(actions.ums.login, { body: { email, password } });
  if (!res?.access_token || !res.expires_in) throw new Error('invalid token data');
  saveToken({ idToken: res.access_token, authType: 'password', expiresIn: res.expires_in });
}

async function googleLogin(credential: string): Promise<void> {
  const claims = decodeJwtPayload(credential);
  const config = await loadConfig();
  if (!claims || !isCompanyAccount(claims, config.allowed_google_domains)) throw new Error(COMPANY_ONLY);
  const exp = Number(claims.exp);
  const expiresIn = Math.floor(exp - Date.now() / 1000);
  if (!Number.isFinite(exp) || expiresIn <= 0) throw new Error(LOGIN_FAILED);
  saveToken({ idToken: credential, authType: 'google', expiresIn, exp });
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    endSession();
    try {
      if ('credential' in params) await googleLogin(params.credential);
      else await passwordLogin(params.email, params.password);
      await loadMe();
    } catch (error) {
      endSession();
      const message = (error as Error | null)?.message ?? '';
      const shown = message === COMPANY_ONLY || message.startsWith(SIGN_IN_LOCKED);
      throw new Error(shown ? message : LOGIN_FAILED);
    }
    armSessionTimer();
    void callAction(actions.ums.updateLastLogin, {}).catch(() => undefined);
  },
  async logout() {
    endSession();
  },
  async checkAuth() {
    if (!isSessionLive(readSession())) {
      endSession();
      // react-router commits the redirect to /login as a transition; an instant rejection makes
      // react-admin log out again (and re-render urgently) before it commits, looping for seconds.
      await new Promise((resolve) => setTimeout(resolve, SIGNED_OUT_SETTLE_MS));
      throw new Error('Session expired');
    }
    armSessionTimer();
  },
  async checkError(error: { status?: number; body?: unknown }) {
    // 401 ends the session; 403 is only shown (the notification carries the server's message). A reveal's
    // step_up_required is a 401 too, but the session is good: the reveal asks for the password instead.
    if (error?.status === 401 && !isStepUpRequired(error)) {
      endSession();
      throw new Error('Session expired');
    }
  },
  async getIdentity() {
    const user = await loadMe();
    const fullName = [user.name, user.last_name].filter(Boolean).join(' ') || user.email;
    return { id: user.id, fullName, avatar: user.picture ?? undefined, email: user.email };
  },
  async getPermissions(): Promise<Permissions> {
    if (!isSessionLive(readSession())) return NO_PERMISSIONS;
    return permissionsOf(await loadMe());
  },
  async canAccess({ resource, action }) {
    if (!resource) return true;
    if (!isSessionLive(readSession())) return false;
    return canDo(permissionsOf(await loadMe()), resource, action);
  },
};
