import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { raiseAlert } from '../../nms/alerts.js';
import { type Change, writeHistory } from './monitor-history.js';

const HOUR = 3600;
/** Days of up/down history per monitor. */
const HISTORY_DAYS = 45;
/** Share of live sites that have a monitor; the rest show 'Not added yet' with the one-click button. */
const MONITORED_SHARE = 0.8;
/** Monitors that are down right now (each with its open website alert). */
const DOWN_NOW = 3;
/** Phone numbers from the range Ofcom reserves for drama: believable, reaching no one. */
const PHONES = ['+447700900123', '+447700900456', '+447700900789'];
const GATEWAY_BY_MARKET: Record<string, string> = {
  UK: 'GB',
  Germany: 'DE',
  Sweden: 'SE',
  Netherlands: 'NL',
  Spain: 'ES',
  Italy: 'IT',
  USA: 'US',
  Canada: 'CA',
  Japan: 'JP',
  India: 'IN',
  Thailand: 'TH',
  Vietnam: 'VN',
  Colombia: 'CO',
};
const DOWN_REASONS = [
  'HTTP 503',
  'HTTP 502',
  'No answer within 15 s',
  'HTTP 500',
  'Could not connect: connection refused',
  'HTTP 521',
];

interface Site {
  id: number;
  url: string | null;
  hostname: string;
  type: string;
  target_market: string;
  uptime_robot_keyword: string | null;
  owner_email: string | null;
}

interface MonitorSeed {
  friendly_name: string;
  url: string;
  type: 'http' | 'keyword' | 'ping';
  value: string | null;
  website_id: number | null;
  gateway: string | null;
  interval: number;
  retries: number;
  alert_emails: string[];
  alert_phone_numbers: string[];
  downNow: boolean;
  flaky: boolean;
}

/** A monitor's stored state and history, drawn before anything is written. */
interface Seeded {
  record: Record<string, unknown>;
  changes: Change[];
  /** Why it is down now, when it is. */
  downNow: string | null;
  seed: MonitorSeed;
}

/**
 * Monitors for most live sites (keyword monitors on money sites, http on the rest), ping monitors on the
 * hosting servers, 45 days of outages and recoveries with the alerts they sent, and three sites down
 * now with their open website alerts. Demo monitors are paused: a fresh install never sends requests to
 * sites it does not own; resuming one checks it live. The monitors go through the resource (its hook
 * normalises targets and recipients); their history is the scheduler's, written by writeHistory.
 */
export async function seedMonitors(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(0x0b5e7e);
  const t = now();
  const sites = (
    await tx.query<Site>(
      `SELECT w.id, w.url, w.hostname, w.type, w.target_market, w.uptime_robot_keyword, u.email AS owner_email
       FROM websites w LEFT JOIN users u ON u.id = w.user_id WHERE w.status = 'LIVE' ORDER BY w.id`,
    )
  ).rows.map((s) => ({ ...s, id: Number(s.id) }));
  const servers = (
    await tx.query<{ name: string; main_ip: string }>(
      `SELECT name, main_ip FROM servers WHERE main_ip IS NOT NULL AND type = 'Hosting' ORDER BY id LIMIT 4`,
    )
  ).rows;

  const monitored = sites.filter(() => rng.chance(MONITORED_SHARE));
  const downNow = new Set(rng.sample(monitored, DOWN_NOW).map((s) => s.id));
  const seeded: Seeded[] = [];
  for (const site of monitored) {
    const keyword = site.type === 'MONEY' && site.uptime_robot_keyword ? site.uptime_robot_keyword : null;
    seeded.push(
      drawMonitor(rng, t, {
        friendly_name: site.hostname,
        url: site.url || `https://${site.hostname}/`,
        type: keyword ? 'keyword' : 'http',
        value: keyword,
        website_id: site.id,
        gateway: GATEWAY_BY_MARKET[site.target_market] ?? null,
        interval: site.type === 'MONEY' ? 60 : rng.pick([300, 300, 600]),
        retries: site.type === 'MONEY' ? 2 : 1,
        alert_emails: site.owner_email ? [site.owner_email] : [],
        alert_phone_numbers: site.type === 'MONEY' ? [rng.pick(PHONES)] : [],
        downNow: downNow.has(site.id),
        flaky: rng.chance(0.2),
      }),
    );
  }
  for (const server of servers) {
    seeded.push(
      drawMonitor(rng, t, {
        friendly_name: `${server.name} (ping)`,
        url: server.main_ip,
        type: 'ping',
        value: null,
        website_id: null,
        gateway: null,
        interval: 60,
        retries: 2,
        alert_emails: ['ops@sitefleet.local'],
        alert_phone_numbers: [PHONES[0]!],
        downNow: false,
        flaky: false,
      }),
    );
  }
  const ids = await records.insert(
    'monitors',
    seeded.map((s) => s.record),
  );
  await writeHistory(
    tx,
    seeded.flatMap((s, i) => s.changes.map((c) => ({ ...c, monitor: ids[i]! }))),
  );
  for (const [i, { seed: m, downNow: reason }] of seeded.entries()) {
    if (reason === null || m.website_id === null) continue;
    await raiseAlert(tx, {
      websiteId: m.website_id,
      title: `${m.friendly_name} is down`,
      message: `<p>${m.friendly_name} stopped answering: ${reason}.</p>`,
      importance: 'high',
      link: `#/umms/api/v1/monitors/${ids[i]!}/show`,
      key: `monitor:${ids[i]!}:down`,
      data: { monitor_id: ids[i]!, status: 'down' },
    });
  }
}

function drawMonitor(rng: Rng, t: number, m: MonitorSeed): Seeded {
  const created = t - HISTORY_DAYS * DAY - rng.int(0, 60) * DAY;
  // Outages over the history window: [start, end, reason], oldest first; none overlapping.
  const outages: Array<[number, number | null, string]> = [];
  const count = m.flaky ? rng.int(4, 9) : rng.int(0, 3);
  const starts = Array.from({ length: count }, () => t - rng.int(HOUR, HISTORY_DAYS * DAY)).sort(
    (a, b) => a - b,
  );
  let last = t - HISTORY_DAYS * DAY;
  for (const start of starts) {
    if (start <= last + HOUR) continue;
    const length = rng.chance(0.7) ? rng.int(120, 1800) : rng.int(1800, 3 * HOUR);
    const end = Math.min(start + length, t - 600);
    if (end <= start) continue;
    outages.push([start, end, rng.pick(DOWN_REASONS)]);
    last = end;
  }
  if (m.downNow) outages.push([t - rng.int(600, 5 * HOUR), null, rng.pick(DOWN_REASONS)]);

  const current = outages.at(-1);
  const down = current !== undefined && current[1] === null;
  const since = down ? current[0] : (current?.[1] ?? created);
  const lastCheck = t - rng.int(5, m.interval);
  const responseMs = m.type === 'ping' ? rng.int(1, 40) : rng.int(90, 1400);
  const upMessage = m.value ? `Keyword "${m.value}" found` : m.type === 'ping' ? 'Reply' : 'HTTP 200';
  const record = {
    friendly_name: m.friendly_name,
    url: m.url,
    type: m.type,
    value: m.value,
    gateway: m.gateway,
    website_id: m.website_id,
    retries: m.retries,
    interval: m.interval,
    timeout: 15,
    paused: true,
    alert_emails: m.alert_emails,
    alert_phone_numbers: m.alert_phone_numbers,
    status: down ? 'down' : 'up',
    status_since: since,
    last_check: lastCheck,
    next_check: null,
    last_message: down
      ? current[2]
      : m.type === 'ping'
        ? `Reply in ${responseMs} ms`
        : m.value
          ? `Keyword "${m.value}" found`
          : 'HTTP 200',
    last_response_ms: down ? null : responseMs,
    created_at: created,
    updated_at: created,
  };
  const changes: Change[] = [change('up', created, upMessage, [])];
  for (const [start, end, reason] of outages) {
    changes.push(change('down', start, reason, recipientsOf(m), rng));
    if (end !== null) changes.push(change('up', end, upMessage, recipientsOf(m), rng));
  }
  return { record, changes, downNow: down ? current[2] : null, seed: m };
}

function recipientsOf(m: MonitorSeed): Array<[string, string]> {
  return [
    ...m.alert_emails.map((e): [string, string] => ['email', e]),
    ...m.alert_phone_numbers.map((p): [string, string] => ['sms', p]),
    ...(m.website_id !== null ? [['website', String(m.website_id)] as [string, string]] : []),
  ];
}

function change(
  status: 'up' | 'down',
  at: number,
  message: string,
  recipients: Array<[string, string]>,
  rng?: Rng,
): Change {
  return {
    monitor: 0,
    status,
    at,
    message,
    // Now and then an SMS bounced off the provider (a number that replied STOP).
    alerts: recipients.map(([channel, recipient]) => ({
      channel,
      recipient,
      failed: channel === 'sms' && rng !== undefined && rng.chance(0.08),
    })),
  };
}
