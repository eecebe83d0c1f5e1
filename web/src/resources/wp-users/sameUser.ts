type Row = Record<string, unknown>;

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a !== '' && a.toLowerCase() === b.toLowerCase();

/**
 * The accounts, one per website, that are the same person as `user`: the same login or the same e-mail
 * (case-insensitive), the user's own record included. The list filters match substrings, so the exact
 * comparison happens here.
 */
export function sameUserSites(user: Row, candidates: readonly Row[]): Row[] {
  const byWebsite = new Map<unknown, Row>();
  for (const row of candidates) {
    const matches = same(row.user_login, user.user_login) || same(row.user_email, user.user_email);
    if (matches && !byWebsite.has(row.website_id)) byWebsite.set(row.website_id, row);
  }
  return [...byWebsite.values()].sort((a, b) =>
    String(a.website_hostname ?? '').localeCompare(String(b.website_hostname ?? '')),
  );
}
