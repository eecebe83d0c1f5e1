import type { Queryable } from '../../src/db/db.js';

/** A site of a fixture network: what the footprint reads about it, all optional. */
export interface NetSite {
  host: string;
  type?: string;
  ip?: string;
  nameservers?: string[];
  registrar?: string;
  /** A registrant's name and e-mail; `protected` hides it behind WHOIS privacy. */
  registrant?: { name: string; email: string; protected?: boolean };
  trackers?: Array<{ kind: string; value: string }>;
  admins?: Array<{ login: string; email?: string }>;
  /** Hosts of other sites this one links to. */
  links?: string[];
  gaAccount?: string;
  /** The active theme; `child` for a child theme (a template of its own). */
  theme?: { slug: string; child?: boolean };
  /** Active plugins; `public` for those of the public directory. */
  plugins?: Array<{ slug: string; public: boolean }>;
}

/**
 * Writes a network of sites with their IPs, domains, registrars, registrants, trackers, administrators and
 * cross-links in a few set-based statements (fast enough for thousands of sites). Answers the site ids by
 * host, in the order given.
 */
export async function insertNetwork(db: Queryable, sites: NetSite[]): Promise<Map<string, number>> {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  const ips = [...new Set(sites.flatMap((s) => (s.ip ? [s.ip] : [])))];
  await db.query(`INSERT INTO ip_addresses (ip_address) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
    ips,
  ]);
  const registrars = [...new Set(sites.flatMap((s) => (s.registrar ? [s.registrar] : [])))];
  await db.query(
    `INSERT INTO registrars (registrar) SELECT r FROM unnest($1::text[]) r
      WHERE NOT EXISTS (SELECT 1 FROM registrars x WHERE lower(x.registrar) = lower(r))`,
    [registrars],
  );
  const people = [
    ...new Map(sites.flatMap((s) => (s.registrant ? [[s.registrant.email, s.registrant]] : []))).values(),
  ];
  await db.query(
    `INSERT INTO registrants (registrant_name, email)
     SELECT p.name, p.email FROM jsonb_to_recordset($1::jsonb) AS p(name text, email text)
     ON CONFLICT DO NOTHING`,
    [json(people)],
  );
  const rows = await db.query<{ id: string | number; hostname: string }>(
    `INSERT INTO websites (url, hostname, type, status, target_market, ip_address_id)
     SELECT 'https://' || s.host || '/', s.host, s.type, 'LIVE', 'UK',
            (SELECT id FROM ip_addresses WHERE ip_address = s.ip)
       FROM jsonb_to_recordset($1::jsonb) AS s(host text, type text, ip text)
     RETURNING id, hostname`,
    [json(sites.map((s) => ({ host: s.host, type: s.type ?? 'LINK', ip: s.ip ?? null })))],
  );
  const ids = new Map(rows.rows.map((r) => [r.hostname, Number(r.id)]));
  await db.query(
    `WITH d AS (
       INSERT INTO domains (name, unicode_name, website_id, nameservers, registrar_id, registrant_id, whois_protected)
       SELECT s.host, s.host, w.id, ARRAY(SELECT jsonb_array_elements_text(s.ns)),
              (SELECT id FROM registrars r WHERE lower(r.registrar) = lower(s.registrar)),
              (SELECT id FROM registrants g WHERE g.email = s.email), coalesce(s.protected, false)
         FROM jsonb_to_recordset($1::jsonb) AS s(host text, ns jsonb, registrar text, email text, protected boolean)
         JOIN websites w ON w.hostname = s.host
       RETURNING id, website_id)
     UPDATE websites w SET domain_id = d.id FROM d WHERE w.id = d.website_id`,
    [
      json(
        sites.map((s) => ({
          host: s.host,
          ns: s.nameservers ?? [],
          registrar: s.registrar ?? null,
          email: s.registrant?.email ?? null,
          protected: s.registrant?.protected ?? false,
        })),
      ),
    ],
  );
  const trackers = sites.flatMap((s) =>
    (s.trackers ?? []).map((t) => ({ id: ids.get(s.host), page: `https://${s.host}/`, ...t })),
  );
  await db.query(
    `INSERT INTO website_trackers (website_id, page, kind, value)
     SELECT t.id, t.page, t.kind, t.value FROM jsonb_to_recordset($1::jsonb) AS t(id bigint, page text, kind text, value text)`,
    [json(trackers)],
  );
  const admins = sites.flatMap((s) =>
    (s.admins ?? []).map((a) => ({ id: ids.get(s.host), login: a.login, email: a.email ?? null })),
  );
  await db.query(
    `INSERT INTO wp_users (website_id, user_login, user_email, roles)
     SELECT a.id, a.login, a.email, ARRAY['administrator'] FROM jsonb_to_recordset($1::jsonb) AS a(id bigint, login text, email text)`,
    [json(admins)],
  );
  const links = sites.flatMap((s) =>
    (s.links ?? []).map((to) => ({
      id: ids.get(s.host),
      page: `https://${s.host}/`,
      backlink: `https://${to}/`,
      target: to,
    })),
  );
  await db.query(
    `INSERT INTO website_links (website_id, page, backlink, target_host, internal)
     SELECT l.id, l.page, l.backlink, l.target, false FROM jsonb_to_recordset($1::jsonb) AS l(id bigint, page text, backlink text, target text)`,
    [json(links)],
  );
  const ga = sites.flatMap((s) =>
    s.gaAccount
      ? [{ id: ids.get(s.host), name: `properties/${ids.get(s.host)}`, account: s.gaAccount, host: s.host }]
      : [],
  );
  await db.query(
    `INSERT INTO ga_properties (name, display_name, account_id, website_id)
     SELECT g.name, g.host, g.account, g.id FROM jsonb_to_recordset($1::jsonb) AS g(id bigint, name text, account text, host text)`,
    [json(ga)],
  );
  const themes = [...new Map(sites.flatMap((s) => (s.theme ? [[s.theme.slug, s.theme]] : []))).values()];
  await db.query(
    `INSERT INTO themes (name, slug, template)
     SELECT t.slug, t.slug, CASE WHEN t.child THEN 'astra' END FROM jsonb_to_recordset($1::jsonb) AS t(slug text, child boolean)`,
    [json(themes.map((t) => ({ slug: t.slug, child: t.child ?? false })))],
  );
  await db.query(
    `INSERT INTO installed_themes (theme_id, website_id, stylesheet, active)
     SELECT (SELECT id FROM themes WHERE slug = t.slug LIMIT 1), t.id, t.slug, true
       FROM jsonb_to_recordset($1::jsonb) AS t(id bigint, slug text)`,
    [json(sites.flatMap((s) => (s.theme ? [{ id: ids.get(s.host), slug: s.theme.slug }] : [])))],
  );
  const plugins = [...new Map(sites.flatMap((s) => (s.plugins ?? []).map((p) => [p.slug, p]))).values()];
  await db.query(
    `INSERT INTO plugins (name, slug, public)
     SELECT p.slug, p.slug, p.public FROM jsonb_to_recordset($1::jsonb) AS p(slug text, public boolean)`,
    [json(plugins)],
  );
  await db.query(
    `INSERT INTO installed_plugins (plugin_id, website_id, plugin_file, active)
     SELECT (SELECT id FROM plugins WHERE slug = p.slug LIMIT 1), p.id, p.slug || '/' || p.slug || '.php', true
       FROM jsonb_to_recordset($1::jsonb) AS p(id bigint, slug text)`,
    [json(sites.flatMap((s) => (s.plugins ?? []).map((p) => ({ id: ids.get(s.host), slug: p.slug }))))],
  );
  return ids;
}
