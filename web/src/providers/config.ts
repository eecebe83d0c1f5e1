import { actionPath, actions, type ActionResponse } from '@sitefleet/shared';

/** Public runtime configuration served by the server at /config.json. */
export type RuntimeConfig = ActionResponse<typeof actions.system.config>;

const FALLBACK: RuntimeConfig = { google_client_id: null, allowed_google_domains: [], version: '' };

let pending: Promise<RuntimeConfig> | null = null;

export function loadConfig(): Promise<RuntimeConfig> {
  // Relative to the console's own address, read before any session exists.
  pending ??= fetch(actionPath(actions.system.config), { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<Partial<RuntimeConfig>>) : {}))
    .then((body) => ({ ...FALLBACK, ...body }))
    .catch(() => FALLBACK);
  return pending;
}

/** Whether an e-mail (or a Google hosted-domain claim) belongs to one of the company domains. */
export function isCompanyAccount(
  claims: { email?: unknown; hd?: unknown },
  allowedDomains: readonly string[],
): boolean {
  const allowed = allowedDomains.map((d) => d.toLowerCase());
  const hd = typeof claims.hd === 'string' ? claims.hd.toLowerCase() : '';
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  const emailDomain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
  return allowed.length > 0 && allowed.includes(hd) && (!emailDomain || emailDomain === hd);
}
