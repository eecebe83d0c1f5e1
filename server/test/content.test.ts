import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart } from '../src/services/dms/content/cadence.js';
import { hasBacklink } from '../src/services/dms/content/html.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import {
  openAiError,
  OPENAI_KEY,
  startOpenAiServer,
  type LocalOpenAiServer,
} from './integrations/openai-server.js';
import { FAKE_PASSWORD, startWordPressFake, type WordPressFake } from './support/wordpress-fake.js';

type Body = Record<string, unknown>;
type Article = Body & { id: number; status: string; html: string | null; version: number };
type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };
interface Run {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_count: number;
  job_output: { output: { message: string } }[];
  failed_job_output: { output: { message: string } }[];
}

const CONTENT = '/dms/api/v1/open-ai-content';
const SCHEDULES = '/dms/api/v1/narrativa/schedules';
const LINK = { url: 'https://bonus-guide.example/casino-bonuses/', anchor: 'best casino bonuses' };
const LINK_2 = { url: 'https://odds-school.example/decimal-odds', anchor: 'decimal odds explained' };

describe.each(DATABASES)('AI content and content schedules on %s', (kind) => {
  let t: TestApp;
  let openai: LocalOpenAiServer;
  let wordpress: WordPressFake;
  let admin: Record<string, string>;
  let site: number;
  let bare: number;

  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body, headers = admin) =>
    t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });
  const get = async (id: number) => (await call<{ data: Article }>('GET', `${CONTENT}/${id}`)).body.data;
  const count = async (table: string) =>
    Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

  /** Reads the article until no run holds it (its generation is stored). */
  async function settled(id: number): Promise<Article> {
    const until = Date.now() + 30_000;
    for (;;) {
      const a = await get(id);
      const held = await t.db.query(
        'SELECT 1 FROM open_ai_content WHERE id = $1 AND claimed_at IS NOT NULL',
        [id],
      );
      if (a.status !== 'queued' && !held.rows.length) return a;
      if (Date.now() > until) throw new Error(`article ${id} was not written: ${JSON.stringify(a)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const create = (body: Body) => call<{ data: Article } & Failure>('POST', CONTENT, body);
  const brief = (over: Body = {}): Body => ({
    form_type: 'openai',
    website_id: site,
    topic: 'Casino bonus terms',
    language: 'en',
    tone: 'friendly',
    keywords: ['wagering requirements', 'bonus terms'],
    backlink: LINK.url,
    backlink_anchor: LINK.anchor,
    backlink_2: LINK_2.url,
    backlink_2_anchor: LINK_2.anchor,
    ...over,
  });

  beforeAll(async () => {
    openai = await startOpenAiServer();
    wordpress = await startWordPressFake();
    wordpress.addSite('blog');
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.1'],
      jobsRetryDelaySeconds: 0,
      openai: {
        baseUrl: openai.baseUrl,
        apiKey: OPENAI_KEY,
        model: 'gpt-4o-mini',
        prices: null,
        timeoutMs: 10_000,
      },
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    const website = async (name: string) =>
      (
        await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
          url: `https://${name}.example.com`,
          target_market: 'UK',
          type: 'MONEY',
        })
      ).body.data.id;
    site = await website('casino-reviews');
    bare = await website('unconnected');
    const connected = await call('POST', `/dms/api/v1/wordpress/${site}/connect`, {
      url: wordpress.site('blog').url,
      username: 'admin',
      application_password: FAKE_PASSWORD,
    });
    expect(connected.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
    await wordpress?.close();
  });

  it('refuses a bad brief with field errors and writes nothing', async () => {
    const before = await count('open_ai_content');
    const cases: Array<[Body, string]> = [
      [brief({ topic: '' }), 'topic'],
      [brief({ number_subsections: 1 }), 'number_subsections'],
      [brief({ paragraphs: 2 }), 'paragraphs'],
      [brief({ language: 'xx' }), 'language'],
      [brief({ tone: 'grumpy' }), 'tone'],
      [brief({ backlink_anchor: '' }), 'backlink_anchor'],
      [brief({ backlink_2: null }), 'backlink_2'],
      [brief({ backlink: 'not a url' }), 'backlink'],
      [{ ...brief(), form_type: undefined }, 'form_type'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, field).toBe(422);
      expect(res.body.error.fields?.[field], field).toBeTruthy();
    }
    expect((await create(brief({ topic: '' }))).body.error.fields!.topic).toBe(
      'Required for the OpenAI-compatible form type',
    );
    expect(await count('open_ai_content')).toBe(before);
  });

  it('writes a new article at once: structured parts, sanitised HTML with both backlinks, counts, tokens and cost', async () => {
    const res = await create(brief());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'queued',
      ready: false,
      number_subsections: 4,
      paragraphs: 3,
      create_introduction: true,
    });
    const a = await settled(res.body.data.id);
    expect(a).toMatchObject({ status: 'ready', ready: true, error: null, model: 'gpt-4o-mini-2024-07-18' });
    for (const key of ['title', 'excerpt', 'image_alt_description', 'tweet', 'metadescription'])
      expect(String(a[key]).length, key).toBeGreaterThan(5);
    expect(String(a.title)).toContain('Casino bonus terms');
    expect(hasBacklink(a.html!, LINK)).toBe(true);
    expect(hasBacklink(a.html!, LINK_2)).toBe(true);
    expect(a.html!.match(/<h2>/g)).toHaveLength(4);
    expect(a.html).not.toMatch(/<script|nofollow/);
    expect(a.article_words).toBeGreaterThan(150);
    expect(a.article_characters).toBeGreaterThan(Number(a.article_words));
    expect(Number(a.total_tokens)).toBe(Number(a.prompt_tokens) + Number(a.completion_tokens));
    const cost = (Number(a.prompt_tokens) * 0.15 + Number(a.completion_tokens) * 0.6) / 1e6;
    expect(Number(a.cost)).toBeCloseTo(cost, 6);
    const run = await t.db.query<{ command: string; success_count: number }>(
      "SELECT command, success_count FROM cron_runs WHERE command = 'content:generate' ORDER BY id DESC LIMIT 1",
    );
    expect(run.rows[0]).toMatchObject({ command: 'content:generate', success_count: 1 });
  });

  it('puts in backlinks the model left out, linking their anchor text or adding the link', async () => {
    for (const handling of ['text', 'none'] as const) {
      openai.backlinks = handling;
      try {
        const a = await settled((await create(brief({ topic: `Free spins (${handling})` }))).body.data.id);
        expect(a.status, handling).toBe('ready');
        expect(hasBacklink(a.html!, LINK), handling).toBe(true);
        expect(hasBacklink(a.html!, LINK_2), handling).toBe(true);
      } finally {
        openai.backlinks = 'linked';
      }
    }
  });

  it("regenerates: 'message' names the run, the text changes, and a failure keeps the text with its reason", async () => {
    const first = await settled(
      (await create(brief({ topic: 'Roulette odds', language: 'de', tone: 'formal' }))).body.data.id,
    );
    expect(String(first.title)).toContain('Roulette odds');
    const res = await call<{ message: string; cron_id: number }>('GET', `${CONTENT}/regenerate/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Regenerating "${String(first.title)}": cron run #${res.body.cron_id} is writing it`,
    );
    const again = await settled(first.id);
    expect(again.status).toBe('ready');
    expect(again.html).not.toBe(first.html);
    expect(again.version).toBeGreaterThan(first.version);

    // The account's quota is spent: not retried, the reason stored, the text written before kept.
    openai.script({
      status: 429,
      body: openAiError(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
    });
    const chats = openai.requests.length;
    await call('GET', `${CONTENT}/regenerate/${first.id}`);
    const failed = await settled(first.id);
    expect(failed).toMatchObject({ status: 'failed', ready: true, html: again.html });
    expect(String(failed.error)).toMatch(/no quota left/);
    expect(openai.requests.length - chats).toBe(1);
  });

  it('refuses Regenerate while a run writes the article, and for a form type without a generator', async () => {
    const held = (await create(brief({ topic: 'Held' }))).body.data;
    await settled(held.id);
    await t.db.query("UPDATE open_ai_content SET status = 'queued', claimed_at = epoch_now() WHERE id = $1", [
      held.id,
    ]);
    const busy = await call<Failure>('GET', `${CONTENT}/regenerate/${held.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/being written now/);
    await t.db.query("UPDATE open_ai_content SET status = 'ready', claimed_at = NULL WHERE id = $1", [
      held.id,
    ]);

    const narrativa = await create({ form_type: 'narrativa', website_id: site, language: 'en' });
    expect(narrativa.status).toBe(201);
    const stored = await settled(narrativa.body.data.id);
    expect(stored.status).toBe('failed');
    expect(String(stored.error)).toMatch(/Narrativa publishes no public API/);
    const refused = await call<Failure>('GET', `${CONTENT}/regenerate/${stored.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Narrativa publishes no public API/);
    expect((await call<Failure>('GET', `${CONTENT}/regenerate/999999`)).status).toBe(404);
  });

  it('describes the generators: the OpenAI-compatible one with its model, host and price; Narrativa without an API', async () => {
    const res = await call<{ data: Body }>('GET', `${CONTENT}/generators`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      providers: [
        {
          form_type: 'openai',
          name: 'OpenAI-compatible',
          available: true,
          detail: `gpt-4o-mini at ${new URL(openai.baseUrl).host}`,
        },
        {
          form_type: 'narrativa',
          name: 'Narrativa',
          available: false,
          detail: expect.stringMatching(/no public API/),
        },
      ],
      model: 'gpt-4o-mini',
      endpoint: new URL(openai.baseUrl).host,
      price: { input: 0.15, output: 0.6 },
    });
    expect(JSON.stringify(res.body)).not.toContain(OPENAI_KEY);
  });

  it('sends a ready article to WordPress once, as a draft post with its HTML', async () => {
    const a = await settled((await create(brief({ topic: 'Live dealer games' }))).body.data.id);
    const res = await call<{ message: string; data: Body }>('POST', `${CONTENT}/${a.id}/publish`);
    expect(res.status).toBe(200);
    const created = wordpress.site('blog').created.at(-1)!;
    expect(res.body.data).toEqual({
      post_id: created.id,
      link: `${wordpress.site('blog').url}?p=${created.id}`,
      status: 'draft',
      website_id: site,
    });
    expect(res.body.message).toBe(`Sent to casino-reviews.example.com as draft post #${created.id}`);
    expect(created).toMatchObject({ title: a.title, content: a.html, excerpt: a.excerpt, status: 'draft' });
    expect(await get(a.id)).toMatchObject({ wp_post_id: created.id, wp_post_url: res.body.data.link });
    const twice = await call<Failure>('POST', `${CONTENT}/${a.id}/publish`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toMatch(/Already sent to WordPress as draft post/);
    expect(wordpress.site('blog').created.filter((p) => p.title === a.title)).toHaveLength(1);

    const elsewhere = await settled(
      (await create(brief({ topic: 'Unconnected', website_id: bare }))).body.data.id,
    );
    const unconnected = await call<Failure>('POST', `${CONTENT}/${elsewhere.id}/publish`);
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.error.message).toMatch(/no WordPress connection/);
  });

  it('lets a read-only user read but not write, regenerate or publish; a user without permissions nothing', async () => {
    const viewer = await t.as('VIEWER');
    const nobody = await t.as('NOBODY');
    const [a] = (await call<{ data: Article[] }>('GET', `${CONTENT}?perPage=1`)).body.data;
    expect((await call('GET', CONTENT, undefined, viewer)).status).toBe(200);
    expect((await call('GET', `${CONTENT}/generators`, undefined, viewer)).status).toBe(200);
    expect((await call('GET', SCHEDULES, undefined, viewer)).status).toBe(200);
    expect((await call('POST', CONTENT, brief(), viewer)).status).toBe(403);
    expect((await call('GET', `${CONTENT}/regenerate/${a!.id}`, undefined, viewer)).status).toBe(403);
    expect((await call('POST', `${CONTENT}/${a!.id}/publish`, undefined, viewer)).status).toBe(403);
    expect((await call('GET', CONTENT, undefined, nobody)).status).toBe(403);
    expect((await call('GET', `${CONTENT}/generators`, undefined, nobody)).status).toBe(403);
  });

  describe('schedules', () => {
    const schedule = (over: Body = {}): Body => ({
      website_id: site,
      form_type: 'openai',
      language: 'en',
      topic: 'Daily betting tips',
      tone: 'friendly',
      frequency_every: 2,
      frequency_unit: 'days',
      ...over,
    });
    const createSchedule = (body: Body) =>
      call<{ data: Body & { id: number } } & Failure>('POST', SCHEDULES, body);

    it('refuses a bad schedule with field errors and writes nothing', async () => {
      const before = await count('narrativa_schedules');
      const cases: Array<[Body, string]> = [
        [schedule({ frequency_unit: 'weeks', frequency_on: [] }), 'frequency_on'],
        [schedule({ frequency_every: 16 }), 'frequency_every'],
        [schedule({ frequency_every: 0 }), 'frequency_every'],
        [schedule({ language: 'de' }), 'language'],
        [schedule({ topic: null }), 'topic'],
        [schedule({ frequency_on: ['someday'], frequency_unit: 'weeks' }), 'frequency_on'],
        [{ ...schedule(), website_id: undefined }, 'website_id'],
        [{ ...schedule(), frequency_unit: undefined }, 'frequency_unit'],
      ];
      for (const [body, field] of cases) {
        const res = await createSchedule(body);
        expect(res.status, field).toBe(422);
        expect(res.body.error.fields?.[field], field).toBeTruthy();
      }
      expect(await count('narrativa_schedules')).toBe(before);
    });

    it('keeps weekdays for weeks only, no tone in Japanese, and puts the next article on its due day', async () => {
      const today = dayStart(Date.now() / 1000);
      const daily = await createSchedule(schedule({ frequency_on: ['monday'] }));
      expect(daily.status).toBe(201);
      expect(daily.body.data).toMatchObject({
        frequency_on: [],
        start_date: today,
        next_run_at: today,
        active: true,
        ready: false,
      });
      const ja = await createSchedule(schedule({ language: 'ja', topic: 'カジノ', tone: 'formal' }));
      expect(ja.body.data.tone).toBeNull();
      const weekday = new Date(today * 1000).getUTCDay();
      const tomorrow = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][
        weekday % 7
      ]!;
      const updated = await call<{ data: Body }>('PUT', `${SCHEDULES}/${daily.body.data.id}`, {
        frequency_unit: 'weeks',
        frequency_every: 1,
        frequency_on: [tomorrow],
        version: daily.body.data.version,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ frequency_on: [tomorrow], next_run_at: today + 86_400 });
      const shown = await call<{ data: { upcoming: number[] } }>('GET', `${SCHEDULES}/${daily.body.data.id}`);
      expect(shown.body.data.upcoming).toEqual([0, 1, 2, 3, 4].map((w) => today + 86_400 + w * 7 * 86_400));
      // Paused: nothing is due and no dates are shown; resumed: due again; a cleared size takes its default.
      const paused = await call<{ data: Body & { version: number } }>(
        'PUT',
        `${SCHEDULES}/${daily.body.data.id}`,
        {
          active: false,
          number_subsections: null,
          version: Number(updated.body.data.version),
        },
      );
      expect(paused.body.data).toMatchObject({ active: false, next_run_at: null, number_subsections: 4 });
      expect(
        (await call<{ data: { upcoming: number[] } }>('GET', `${SCHEDULES}/${daily.body.data.id}`)).body.data
          .upcoming,
      ).toEqual([]);
      const resumed = await call<{ data: Body }>('PUT', `${SCHEDULES}/${daily.body.data.id}`, {
        active: true,
        version: paused.body.data.version,
      });
      expect(resumed.body.data.next_run_at).toBe(today + 86_400);
    });

    it('writes the due article through the same generator once, then moves to the next due date', async () => {
      const s = (await createSchedule(schedule({ topic: 'Weekend football previews', frequency_every: 3 })))
        .body.data;
      const due = Number(s.next_run_at);
      const run = await runCommand<Run>(t, admin, 'dms', 'content:schedules', { ids: String(s.id) }, 60_000);
      expect(run).toMatchObject({ job_count: 1, success_count: 1, failed_count: 0 });
      const [article] = (
        await call<{ data: Article[] }>(
          'GET',
          `${CONTENT}?filter=${encodeURIComponent(JSON.stringify({ schedule_id: s.id }))}`,
        )
      ).body.data;
      expect(article).toMatchObject({
        status: 'ready',
        ready: true,
        due_at: due,
        website_id: site,
        topic: 'Weekend football previews',
      });
      expect(String(article!.title)).toContain('Weekend football previews');
      const after = (await call<{ data: Body }>('GET', `${SCHEDULES}/${s.id}`)).body.data;
      expect(after).toMatchObject({
        ready: true,
        last_run_at: due,
        next_run_at: due + 3 * 86_400,
        articles: 1,
      });
      // Nothing is due any more: the periodic run writes nothing twice.
      const idle = await runCommand<Run & { id: number }>(t, admin, 'dms', 'content:schedules', {}, 60_000);
      const keys = await t.db.query<{ key: string }>('SELECT key FROM cron_run_jobs WHERE run_id = $1', [
        idle.id,
      ]);
      expect(keys.rows.map((r) => r.key).filter((k) => k.startsWith(`schedule ${s.id} `))).toEqual([]);
      expect((await call<{ data: Body }>('GET', `${SCHEDULES}/${s.id}`)).body.data.articles).toBe(1);
    });

    it('stores a failed due article for a Narrativa schedule (no API) and is not ready', async () => {
      const s = (await createSchedule(schedule({ form_type: 'narrativa', topic: null }))).body.data;
      const run = await runCommand<Run>(t, admin, 'dms', 'content:schedules', { ids: String(s.id) }, 60_000);
      expect(run).toMatchObject({ job_count: 1, failed_count: 1 });
      expect(run.failed_job_output[0]!.output.message).toMatch(/Narrativa publishes no public API/);
      const after = (await call<{ data: Body }>('GET', `${SCHEDULES}/${s.id}`)).body.data;
      expect(after).toMatchObject({ ready: false, articles: 1 });
      expect(Number(after.next_run_at)).toBeGreaterThan(Number(s.next_run_at));
    });
  });

  it('the sweep writes queued articles whose run was lost', async () => {
    const a = await settled((await create(brief({ topic: 'Lost run' }))).body.data.id);
    await t.db.query(
      "UPDATE open_ai_content SET status = 'queued', claimed_at = epoch_now() - 7200 WHERE id = $1",
      [a.id],
    );
    const run = await runCommand<Run>(t, admin, 'dms', 'content:generate', {}, 60_000);
    expect(run.success_count).toBeGreaterThanOrEqual(1);
    expect((await get(a.id)).status).toBe('ready');
  });
});
