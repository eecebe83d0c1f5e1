import { DEFAULT_CHECKER_KEYWORDS, JOB_SERVICES, type KeywordPageResult } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Row = Record<string, unknown>;

interface RunCheck {
  id: number;
  command: string;
  status: string;
  start_time: number;
  end_time: number | null;
  total_time: number | null;
  job_count: number;
  done_jobs: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  output: { message?: string } | null;
  units: number;
  done: number;
  failed: number;
  unfinished: number;
  first_finished: number | null;
  last_finished: number | null;
  now: number;
}

describe.each(DATABASES)('demo jobs data on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = <T = Row>(url: string) =>
    t.call<{ data: T; meta: { total: number } }>({ method: 'GET', url, headers: admin });
  const list = (path: string, filter: Row = {}) =>
    get<Row[]>(`/${path}?perPage=500&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  const rows = async <T = Row>(sql: string, params: unknown[] = []) =>
    (await t.db.query<T>(sql, params)).rows;

  it('leaves every run finished, its counters those of its units, as the engine would', async () => {
    const runs = await rows<RunCheck>(
      `SELECT r.id, r.command, r.status, r.start_time, r.end_time, r.total_time, r.job_count, r.done_jobs,
         r.remaining_jobs, r.success_count, r.failed_count, r.output, j.units, j.done, j.failed, j.unfinished,
         j.first_finished, j.last_finished, epoch_now() AS now
       FROM cron_runs r CROSS JOIN LATERAL (
         SELECT count(*)::int AS units, count(*) FILTER (WHERE state = 'done')::int AS done,
           count(*) FILTER (WHERE state = 'failed')::int AS failed,
           count(*) FILTER (WHERE state NOT IN ('done', 'failed') OR finished_at IS NULL)::int AS unfinished,
           min(finished_at) AS first_finished, max(finished_at) AS last_finished
         FROM cron_run_jobs WHERE run_id = r.id) j
       ORDER BY r.id`,
    );
    expect(runs.length).toBeGreaterThan(150);
    const wrong = runs.flatMap((r) => {
      const n = (v: unknown) => (v === null ? null : Number(v));
      const problems = [
        r.units === 0 && 'no units',
        r.job_count !== r.units && `job_count ${r.job_count} for ${r.units} units`,
        r.success_count !== r.done && `success_count ${r.success_count}, ${r.done} done`,
        r.failed_count !== r.failed && `failed_count ${r.failed_count}, ${r.failed} failed`,
        r.done_jobs !== r.units && `done_jobs ${r.done_jobs}`,
        r.remaining_jobs !== 0 && `remaining_jobs ${r.remaining_jobs}`,
        r.unfinished !== 0 && `${r.unfinished} units not finished`,
        r.status !== (r.failed ? 'failed' : 'completed') && `status ${r.status}`,
        n(r.end_time) !== n(r.last_finished) && 'end_time is not the last unit',
        n(r.total_time) !== n(r.end_time)! - n(r.start_time)! && 'total_time',
        n(r.first_finished)! < n(r.start_time)! && 'a unit finished before the start',
        n(r.end_time)! > n(r.now)! && 'ends in the future',
        n(r.start_time)! < n(r.now)! - 31 * 86400 && 'older than 30 days',
        !r.output?.message && 'no summary',
      ].filter((p): p is string => typeof p === 'string');
      return problems.length ? [`${r.id} ${r.command}: ${problems.join(', ')}`] : [];
    });
    expect(wrong).toEqual([]);
    const summaries = new Map(runs.map((r) => [r.command, r.output!.message!]));
    expect(summaries.get('backlinks:deindex-check')).toMatch(/^\d+ domains checked, \d+ checks failed$/);
    expect(summaries.get('backlinks:keyword-check')).toMatch(/^\d+ pages checked, \d+ could not be read$/);
    expect(summaries.get('websites:scan')).toMatch(/^\d+ pages scanned, \d+ could not be read$/);
    expect(summaries.get('domains:refresh')).toMatch(/^\d+ succeeded, \d+ failed$/);
    const units = await rows<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM cron_run_jobs
       WHERE attempts < 1 OR jsonb_typeof(output -> 'message') IS DISTINCT FROM 'string'`,
    );
    expect(units[0]!.bad).toBe(0);
  });

  it("lists each service's runs through the API, newest first, the commands of a real portfolio", async () => {
    const expected: Record<string, string[]> = {
      dms: [
        'backlinks:deindex-check',
        'backlinks:keyword-check',
        'cron:prune',
        'domains:refresh',
        'websites:scan',
      ],
      umms: ['auth:purge-sign-in-attempts', 'cron:prune', 'monitors:prune'],
      analytics: ['cron:prune'],
    };
    for (const service of JOB_SERVICES) {
      const res = await list(`${service}/api/v1/cron-jobs`);
      expect(res.status, service).toBe(200);
      expect(res.body.data.length, service).toBeGreaterThan(20);
      expect([...new Set(res.body.data.map((r) => r.command as string))].sort(), service).toEqual(
        expected[service],
      );
      const starts = res.body.data.map((r) => Number(r.start_time));
      expect(starts, service).toEqual([...starts].sort((a, b) => b - a));
      expect(
        res.body.data.every((r) => r.remaining_jobs === 0 && r.status !== 'running'),
        service,
      ).toBe(true);
    }
    const running = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM cron_runs WHERE status = 'running'`,
    );
    expect(running[0]!.n).toBe(0);
    // Console runs were started by members of staff, scheduled ones by nobody.
    const starters = await rows<{ trigger: string; by: number }>(
      `SELECT trigger, count(DISTINCT created_by)::int AS by FROM cron_runs GROUP BY trigger ORDER BY trigger`,
    );
    expect(starters.map((s) => s.trigger)).toEqual(['console', 'schedule']);
    expect(starters.find((s) => s.trigger === 'schedule')!.by).toBe(0);
    expect(starters.find((s) => s.trigger === 'console')!.by).toBeGreaterThan(1);
  });

  it('shows checker outputs in the shape the commands write them', async () => {
    const [keywordRun] = await rows<{ id: number }>(
      `SELECT id FROM cron_runs WHERE command = 'backlinks:keyword-check' ORDER BY start_time DESC LIMIT 1`,
    );
    const run = await get<{
      arguments: { keywords: string[] };
      job_output: Array<{ key: string; output: KeywordPageResult }>;
    }>(`/dms/api/v1/cron-jobs/${keywordRun!.id}`);
    expect(run.status).toBe(200);
    expect(run.body.data.job_output.length).toBeGreaterThan(5);
    for (const { key, output } of run.body.data.job_output) {
      expect(Object.keys(output).sort()).toEqual([
        'final_url',
        'found',
        'message',
        'missing',
        'status',
        'url',
      ]);
      expect(output.url).toBe(key);
      expect(output.found.length + output.missing.length).toBe(run.body.data.arguments.keywords.length);
      for (const f of output.found) {
        expect(run.body.data.arguments.keywords).toContain(f.keyword);
        expect(f.where.length).toBeGreaterThan(0);
        expect(f.samples.length).toBeGreaterThan(0);
        expect(f.count).toBeGreaterThanOrEqual(f.samples.length);
      }
    }
    const found = await rows<{ keyword: string; where: string[] }>(
      `SELECT f->>'keyword' AS keyword, ARRAY(SELECT jsonb_array_elements_text(f->'where')) AS where
       FROM cron_run_jobs j CROSS JOIN LATERAL jsonb_array_elements(j.output->'found') f WHERE j.state = 'done'`,
    );
    expect(found.every((f) => (DEFAULT_CHECKER_KEYWORDS as readonly string[]).includes(f.keyword))).toBe(
      true,
    );
    expect(new Set(found.flatMap((f) => f.where))).toEqual(new Set(['text', 'link', 'attribute']));
    const unread = await rows<{ message: string }>(
      `SELECT j.output->>'message' AS message FROM cron_run_jobs j JOIN cron_runs r ON r.id = j.run_id
       WHERE r.command = 'backlinks:keyword-check' AND j.state = 'failed'`,
    );
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.every((u) => / answered \d{3}$/.test(u.message))).toBe(true);

    const checks = await rows<{ key: string; output: Row }>(
      `SELECT j.key, j.output FROM cron_run_jobs j JOIN cron_runs r ON r.id = j.run_id
       WHERE r.command = 'backlinks:deindex-check' AND j.state = 'done'`,
    );
    for (const { key, output } of checks) {
      expect(Object.keys(output).sort()).toEqual([
        'domain',
        'indexed',
        'message',
        'query',
        'result_count',
        'sample_urls',
      ]);
      expect(output.domain).toBe(key);
      expect(output.query).toBe(`site:${key}`);
      expect(output.message).toBe(
        output.indexed
          ? `${key}: indexed (${Number(output.result_count).toLocaleString('en')} results)`
          : `${key}: NOT indexed`,
      );
    }
    expect(checks.some((c) => c.output.indexed === false)).toBe(true);
  });

  it("fills a website's Pages and Indexed History tabs, scanned pages pointing at their scan runs", async () => {
    const scanned = await rows<{ website_id: number; type: string }>(
      `SELECT DISTINCT p.website_id, w.type FROM website_pages p JOIN websites w ON w.id = p.website_id`,
    );
    expect(scanned.length).toBeGreaterThanOrEqual(12);
    expect(new Set(scanned.map((s) => s.type))).toEqual(new Set(['MONEY', 'LINK', 'DIRECTORY']));
    const [site] = await rows<{ website_id: number }>(
      `SELECT p.website_id FROM website_pages p JOIN cron_runs r ON r.id = p.cron_run_id
       JOIN websites w ON w.id = p.website_id WHERE w.type = 'LINK' LIMIT 1`,
    );
    const id = Number(site!.website_id);
    const pages = await list('dms/api/v1/website-pages', { website_id: id });
    const links = await list('dms/api/v1/website-links', { website_id: id, internal: false });
    const history = await list('dms/api/v1/indexed-history', { website_id: id });
    expect(pages.body.data.length).toBeGreaterThanOrEqual(10);
    expect(links.body.data.length).toBeGreaterThan(0);
    expect(history.body.data.length).toBeGreaterThanOrEqual(6);

    // Page counts are those of the links stored for the page, as the scanner writes them.
    const counts = await rows<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM website_pages p
       WHERE p.internal_links <> (SELECT count(*) FROM website_links l WHERE l.website_id = p.website_id AND l.page = p.url AND l.internal)
          OR p.outbound_links <> (SELECT count(*) FROM website_links l WHERE l.website_id = p.website_id AND l.page = p.url AND NOT l.internal)`,
    );
    expect(counts[0]!.bad).toBe(0);
    // Every page of a seeded scan run is one of its units, recorded with the same outcome.
    const mismatched = await rows<{ url: string }>(
      `SELECT p.url FROM website_pages p JOIN cron_runs r ON r.id = p.cron_run_id
       LEFT JOIN cron_run_jobs j ON j.run_id = r.id AND j.key = p.url
       WHERE r.command <> 'websites:scan' OR (r.arguments->>'website_id')::bigint <> p.website_id
          OR j.id IS NULL OR (j.state = 'done') <> (p.status = 200) OR j.finished_at <> p.scanned_at`,
    );
    expect(mismatched).toEqual([]);
    const failed = await rows<{ status: number | null; error: string }>(
      `SELECT status, error FROM website_pages WHERE status IS DISTINCT FROM 200`,
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((p) => p.error)).toBe(true);

    // The link network: link and directory sites point at the portfolio's money sites.
    const network = await rows<{ type: string; targets: number }>(
      `SELECT src.type, count(DISTINCT dst.id)::int AS targets FROM website_links l
       JOIN websites src ON src.id = l.website_id JOIN websites dst ON dst.hostname = l.target_host
       WHERE NOT l.internal AND dst.type = 'MONEY' GROUP BY src.type ORDER BY src.type`,
    );
    expect(network.map((n) => n.type)).toEqual(['DIRECTORY', 'LINK']);
    expect(network.every((n) => n.targets >= 3)).toBe(true);
    const rels = await rows<{ rel: string }>(
      `SELECT DISTINCT unnest(rel) AS rel FROM website_links WHERE NOT internal`,
    );
    expect(rels.map((r) => r.rel)).toEqual(expect.arrayContaining(['nofollow', 'sponsored', 'ugc']));
  });

  it('keeps a weekly index history per website domain, linked to the deindex runs that wrote it', async () => {
    const perDomain = await rows<{ n: number }>(
      `SELECT count(h.id)::int AS n FROM domains d LEFT JOIN indexed_history h ON h.domain_id = d.id
       WHERE d.website_id IS NOT NULL GROUP BY d.id`,
    );
    expect(perDomain.length).toBeGreaterThan(40);
    expect(Math.min(...perDomain.map((d) => d.n))).toBeGreaterThanOrEqual(3);
    const linked = await rows<{ bad: number; total: number }>(
      `SELECT count(*) FILTER (WHERE j.id IS NULL OR (j.output->>'result_count')::int <> h.result_count
         OR (j.output->>'indexed')::boolean <> h.indexed OR j.finished_at <> h.checked_at)::int AS bad,
         count(*)::int AS total
       FROM indexed_history h JOIN cron_runs r ON r.id = h.cron_run_id
       JOIN domains d ON d.id = h.domain_id
       LEFT JOIN cron_run_jobs j ON j.run_id = r.id AND j.key = d.name AND j.state = 'done'`,
    );
    expect(linked[0]!.total).toBeGreaterThan(100);
    expect(linked[0]!.bad).toBe(0);
  });

  it('raises exactly one open alert per deindexed website domain, as the deindex check does', async () => {
    const deindexed = await rows<{
      id: number;
      name: string;
      website_id: number;
      type: string;
      alerts: number;
      latest: boolean;
    }>(
      `SELECT d.id, d.name, d.website_id, w.type, w.alerts,
         (SELECT h.indexed FROM indexed_history h WHERE h.domain_id = d.id ORDER BY h.checked_at DESC LIMIT 1) AS latest
       FROM domains d JOIN websites w ON w.id = d.website_id WHERE d.deindexed`,
    );
    expect(deindexed.length).toBeGreaterThanOrEqual(3);
    expect(deindexed.length).toBeLessThanOrEqual(5);
    for (const d of deindexed) {
      expect(['LINK', 'DIRECTORY']).toContain(d.type);
      expect(d.latest).toBe(false);
      expect(Number(d.alerts)).toBeGreaterThanOrEqual(1);
      const open = await rows<Row>(
        `SELECT title, message, type, website_id, importance, link, resolved, data, created_at FROM notifications
         WHERE alert_key = $1 AND resolved = 'no'`,
        [`domain:${d.id}:deindexed`],
      );
      expect(open).toHaveLength(1);
      const alert = open[0]!;
      expect(alert).toMatchObject({
        title: `${d.name} is no longer indexed`,
        type: 'ALERT',
        importance: 'high',
        link: `#/dms/api/v1/domains/${d.id}/show`,
        resolved: 'no',
      });
      expect(Number(alert.website_id)).toBe(Number(d.website_id));
      expect(alert.message).toContain(`<code>site:${d.name}</code>`);
      const data = alert.data as { cron_run_id: number; provider: string; domain: string };
      expect(data).toMatchObject({ domain: d.name, provider: 'serpapi' });
      // The alert came from the run whose check first found the domain gone, at that moment.
      const turn = await rows<{ indexed: boolean; checked_at: number }>(
        `SELECT indexed, checked_at FROM indexed_history WHERE domain_id = $1 AND cron_run_id = $2`,
        [d.id, data.cron_run_id],
      );
      expect(turn).toHaveLength(1);
      expect(turn[0]!.indexed).toBe(false);
      expect(Number(turn[0]!.checked_at)).toBe(Number(alert.created_at));
      const before = await rows<{ indexed: boolean }>(
        `SELECT indexed FROM indexed_history WHERE domain_id = $1 AND checked_at < $2 ORDER BY checked_at DESC LIMIT 1`,
        [d.id, turn[0]!.checked_at],
      );
      expect(before[0]?.indexed).toBe(true);
    }
    const strays = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications n JOIN domains d ON n.alert_key = 'domain:' || d.id || ':deindexed'
       WHERE NOT d.deindexed`,
    );
    expect(strays[0]!.n).toBe(0);
  });

  it('seeds notifications to roles and users, and comment threads on websites', async () => {
    const me = await t.call<{ data: Array<{ type: string; title: string }>; meta: { unread: number } }>({
      method: 'GET',
      url: '/nms/api/v1/notifications/me',
      headers: admin,
    });
    expect(me.status).toBe(200);
    expect(me.body.data.some((n) => n.type === 'INFO')).toBe(true);
    expect(me.body.data.some((n) => n.type === 'ALERT')).toBe(true);
    const site = await t.db.query<{ project_id: number }>('SELECT project_id FROM conversations LIMIT 1');
    const conv = await t.call<{
      data: Array<{ id: string; comments: Array<{ authorName: string; content: string }> }>;
    }>({
      method: 'GET',
      url: `/mms/api/v1/conversations?project_id=${site.rows[0]!.project_id}`,
      headers: admin,
    });
    expect(conv.body.data[0]!.id).toMatch(/^[0-9a-f]{24}$/);
    expect(conv.body.data[0]!.comments.length).toBeGreaterThan(0);
    expect(conv.body.data[0]!.comments[0]!.authorName).not.toBe('');
  });
});
