import type { ServiceType } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import type { HostResolution } from '../../../integrations/dns/resolve.js';
import type { ServiceEvidence } from '../service-discovery/check.js';
import {
  dnsRecordVerdict,
  probeVerdict,
  reachVerdict,
  type DnsStep,
  type ProbeResult,
  type Verdict,
} from '../service-discovery/verify.js';
import { loadPortfolio, slug, type Site } from './portfolio.js';

const RESOLVER = '1.1.1.1:53';
/** Mail providers a site used before Google Workspace: their MX stayed listed, and fails its checks. */
const OLD_MAIL = ['mx.zoho.eu', 'mx1.privateemail.com', 'mx00.ionos.de'];
const STATUS_HOSTS = ['stats.uptimerobot.com', 'hosted.statuspage.io'];
/** How a deleted site's request fails, as the guarded client words it. */
const DOWN_ERRORS: Array<(host: string, ip: string) => string> = [
  (_host, ip) => `connect ECONNREFUSED ${ip}:443`,
  (host) => `${host} did not answer within 10000 ms`,
  () => 'Client network socket disconnected before secure TLS connection was established',
];

interface Zone {
  ip: string;
  mx: string[];
  ns: string[];
}

type Row = Record<string, unknown>;

const step = (name: string, type: string, answers: string[], nxdomain = false): DnsStep => ({
  name,
  type,
  answers,
  nxdomain,
  server: RESOLVER,
});
const resolved = (name: string, addresses: string[], cnames: string[] = []): HostResolution => ({
  name,
  cnames,
  addresses,
  nxdomain: false,
});
const missing = (name: string): HostResolution => ({ name, cnames: [], addresses: [], nxdomain: true });

/** A record as a check writes it: the verdict (the real check's wording) and its evidence. */
function checked(
  base: { website_id: number; type: ServiceType; location: string; hostname: string },
  verdict: Verdict,
  evidence: ServiceEvidence,
  at: number,
): Row {
  return {
    ...base,
    verified: verdict.verified,
    last_checked: at,
    check_message: verdict.message,
    evidence,
  };
}

/** An HTTP service's check: its host resolved (through a CNAME or not), and the URL's answer or failure. */
function httpService(
  site: Site,
  type: ServiceType,
  location: string,
  host: HostResolution,
  answer: { status: number; final?: string } | { error: string },
  at: number,
): Row {
  const hostname = host.name;
  const steps = [
    step(hostname, 'A', host.cnames.length ? [] : host.addresses, host.nxdomain),
    ...(host.cnames.length
      ? [step(hostname, 'CNAME', host.cnames.slice(0, 1)), step(host.cnames.at(-1)!, 'A', host.addresses)]
      : []),
  ];
  const evidence: ServiceEvidence = {
    check: 'http',
    dns: steps,
    addresses: host.addresses,
    cnames: host.cnames,
    http: null,
    error: null,
  };
  const target = new URL(location).hostname;
  let verdict = reachVerdict(target, hostname, host, host);
  if (!verdict) {
    const probe: ProbeResult =
      'error' in answer
        ? { method: 'HEAD', status: null, final_url: null, redirects: [], error: answer.error }
        : {
            method: 'HEAD',
            status: answer.status,
            final_url: answer.final ?? location,
            redirects: answer.final ? [location] : [],
            error: null,
          };
    evidence.http = probe;
    verdict = probeVerdict(location, probe);
  }
  return checked({ website_id: site.id, type, location, hostname }, verdict, evidence, at);
}

/** A DNS service's check: the record at `location` as the zone holds it, and the hostname's addresses. */
function dnsService(
  site: Site,
  type: 'cdn' | 'mx' | 'ns',
  record: 'CNAME' | 'MX' | 'NS',
  location: string,
  hostname: string,
  names: string[],
  host: HostResolution,
  at: number,
): Row {
  const evidence: ServiceEvidence = {
    check: 'dns',
    dns: [
      step(location, record, record === 'MX' ? names.map((n, i) => `${i * 5 + 1} ${n}`) : names),
      step(hostname, 'A', host.addresses, host.nxdomain),
    ],
    addresses: host.addresses,
    cnames: [],
    http: null,
    error: null,
  };
  const verdict = dnsRecordVerdict(record, location, hostname, { names, nxdomain: false }, host);
  return checked({ website_id: site.id, type, location, hostname }, verdict, evidence, at);
}

const fakeIp = (rng: Rng, a: number) => `${a}.${rng.int(1, 254)}.${rng.int(1, 254)}.${rng.int(1, 254)}`;

/**
 * Service discovery of the demo portfolio (issue 18): each live site's web front and www alias, its admin
 * login, its mail exchangers and nameservers as its DNS zone holds them, CDN aliases where a site uses Bunny
 * or CloudFront, staging copies behind a password, status pages and APIs of the service sites. Most were
 * verified by this morning's run; some fail with the reasons a real portfolio shows (a mail provider left in
 * the records after a move, a staging host deleted, a site answering 503, a CDN alias pointing elsewhere).
 */
export async function seedServiceDiscovery(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(2525);
  const { sites } = await loadPortfolio(tx);
  const zones = new Map<string, Zone>();
  const dns = await tx.query<{ domain: string; type: string; ip: string | null; target: string | null }>(
    `SELECT d.name AS domain, r.type, r.ip, r.target FROM dns_records r JOIN domains d ON d.id = r.domain_id
      WHERE r.type IN ('A', 'MX', 'NS') AND r.host = d.name ORDER BY r.id`,
  );
  for (const r of dns.rows) {
    const zone = zones.get(r.domain) ?? { ip: '', mx: [], ns: [] };
    if (r.type === 'A' && r.ip) zone.ip = r.ip;
    if (r.type === 'MX' && r.target) zone.mx.push(r.target);
    if (r.type === 'NS' && r.target) zone.ns.push(r.target);
    zones.set(r.domain, zone);
  }
  const cdnOf = new Map(
    (
      await tx.query<{ id: number; cdn: string | null }>('SELECT id, cdn_provider_id AS cdn FROM websites')
    ).rows.map((r) => [Number(r.id), r.cdn]),
  );
  const morning = Math.floor(now() / DAY) * DAY + 5 * 3600 + 30 * 60;
  const rows: Row[] = [];
  for (const site of sites) {
    const zone = zones.get(site.domain);
    if (!zone?.ip || site.status === 'QUEUED_FOR_DEPLOYMENT') continue;
    const d = site.domain;
    const at = () =>
      (morning > now() ? morning - DAY : morning) +
      rng.int(0, 900) -
      (rng.chance(0.1) ? rng.int(2, 9) * DAY : 0);
    const apex = resolved(d, [zone.ip]);
    const hostRes = site.host === d ? apex : resolved(site.host, [zone.ip], [d]);
    const live = site.status === 'LIVE';
    const webAnswer = live
      ? { status: 200 }
      : site.status === 'DELETED'
        ? { error: rng.pick(DOWN_ERRORS)(site.host, zone.ip) }
        : { status: rng.pick([503, 502, 404]) };
    rows.push(httpService(site, 'web', `https://${site.host}/`, hostRes, webAnswer, at()));
    const alias = site.host === d ? `www.${d}` : d;
    rows.push(
      httpService(
        site,
        'www',
        `https://${alias}/`,
        alias === d ? apex : resolved(alias, [zone.ip], [d]),
        live ? { status: 200, final: `https://${site.host}/` } : webAnswer,
        at(),
      ),
    );
    if (live && (site.type === 'MONEY' || site.type === 'DIRECTORY'))
      rows.push(
        httpService(
          site,
          'admin',
          `https://${site.host}/wp-admin/`,
          hostRes,
          { status: 200, final: `https://${site.host}/wp-login.php?redirect_to=%2Fwp-admin%2F&reauth=1` },
          at(),
        ),
      );
    for (const mx of zone.mx)
      rows.push(dnsService(site, 'mx', 'MX', d, mx, zone.mx, resolved(mx, [fakeIp(rng, 142)]), at()));
    if (rng.chance(0.2)) {
      const old = rng.pick(OLD_MAIL);
      rows.push(dnsService(site, 'mx', 'MX', d, old, zone.mx, resolved(old, [fakeIp(rng, 185)]), at()));
    }
    for (const ns of zone.ns)
      rows.push(dnsService(site, 'ns', 'NS', d, ns, zone.ns, resolved(ns, [fakeIp(rng, 173)]), at()));
    const cdn = cdnOf.get(site.id);
    if (cdn === 'bunnycdn' || cdn === 'cloudfront') {
      const edge =
        cdn === 'bunnycdn' ? `${slug(d)}.b-cdn.net` : `d${rng.int(1e8, 9e8).toString(36)}.cloudfront.net`;
      const moved = rng.chance(0.15);
      const pointed = moved ? `${slug(d)}-old.b-cdn.net` : edge;
      rows.push(
        dnsService(
          site,
          'cdn',
          'CNAME',
          `cdn.${d}`,
          edge,
          [pointed],
          resolved(edge, [fakeIp(rng, 104)]),
          at(),
        ),
      );
    }
    if (site.type === 'MONEY' || site.status === 'PENDING_DEVELOPMENT') {
      const host = `staging.${d}`;
      const gone = rng.chance(0.2);
      rows.push(
        httpService(
          site,
          'staging',
          `https://${host}/`,
          gone ? missing(host) : resolved(host, [fakeIp(rng, 95)]),
          { status: 401 },
          at(),
        ),
      );
    }
    if (site.type === 'SERVICE' && live) {
      const statusHost = rng.pick(STATUS_HOSTS);
      const status = `status.${d}`;
      rows.push(
        httpService(
          site,
          'status',
          `https://${status}/`,
          resolved(status, [fakeIp(rng, 3)], [statusHost]),
          { status: 200 },
          at(),
        ),
      );
      if (rng.chance(0.5))
        rows.push(
          httpService(
            site,
            'api',
            `https://api.${d}/v1/health`,
            resolved(`api.${d}`, [zone.ip]),
            rng.chance(0.8) ? { status: 200 } : { status: 500 },
            at(),
          ),
        );
    }
  }
  const created = (r: Row) => Number(r.last_checked) - rng.int(30, 400) * DAY;
  await records.insert(
    'service-discovery',
    rows.map((r) => ({
      ...r,
      created_at: created(r),
      updated_at: Number(r.last_checked) - rng.int(1, 20) * DAY,
    })),
  );
}
