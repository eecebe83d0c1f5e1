import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

export const SERPAPI_KEY = 'sk-test-4f1d9c0b7a2e';
export const DATAFORSEO_LOGIN = 'ops@sitefleet.example';
export const DATAFORSEO_PASSWORD = 'pw-9b8c7d6e5f';

export interface LocalSerpServer extends LocalHttpServer {
  /** Query parameters of every SerpApi request, in order. */
  serpapi: URLSearchParams[];
  /** Parsed bodies of every DataForSEO request, in order. */
  dataforseo: unknown[];
}

const NO_RESULTS = "Google hasn't returned any results for this query.";

interface Organic {
  link: string;
  title?: string;
}

/** One results page as SerpApi shapes it (INTEGRATIONS §6a). */
function serpPage(q: string, organic: Organic[], info: Record<string, unknown> = {}, extra: object = {}) {
  return {
    search_metadata: {
      id: '66a1c0ffee',
      status: 'Success',
      created_at: '2025-06-01 10:00:00 UTC',
      total_time_taken: 1.9,
    },
    search_parameters: { engine: 'google', q, gl: 'us', hl: 'en', device: 'desktop' },
    search_information: { query_displayed: q, time_taken_displayed: 0.21, ...info },
    organic_results: organic.map((r, i) => ({
      position: i + 1,
      title: r.title ?? `Result ${i + 1}`,
      link: r.link,
      displayed_link: r.link.replace(/^https?:\/\//, ''),
      snippet: 'A snippet of the page.',
    })),
    ...extra,
  };
}

const emptyPage = (q: string, state = true) => ({
  search_metadata: { id: '66a2c0ffee', status: 'Success' },
  search_parameters: { engine: 'google', q },
  search_information: { query_displayed: q, ...(state ? { organic_results_state: 'Fully empty' } : {}) },
  error: NO_RESULTS,
});

type Reply = [status: number, body: unknown, headers?: Record<string, string>];

/** What SerpApi answers for each test domain; the domain in `site:` chooses the case. */
function serpApiCase(domain: string, q: string, noCache: boolean): Reply | 'slow' {
  switch (domain) {
    case 'example.com':
      return [
        200,
        serpPage(
          q,
          [
            { link: 'https://example.com/' },
            { link: 'https://www.example.com/about' },
            { link: 'https://blog.example.com/post-1' },
            { link: 'https://example.com/contact' },
            { link: 'https://shop.example.com/' },
            { link: 'https://example.com/privacy' },
          ],
          { total_results: 1240 },
          { serpapi_pagination: { current: 1, next: 'https://serpapi.com/search.json?start=10' } },
        ),
      ];
    case 'never-indexed.example':
      return [200, emptyPage(q)];
    case 'state-only.example':
      return [
        200,
        { ...serpPage(q, [], { organic_results_state: 'Fully empty' }), organic_results: undefined },
      ];
    case 'flaky.example':
      // The documented false empty answer: a fresh search finds the site.
      return noCache
        ? [200, serpPage(q, [{ link: 'https://flaky.example/' }], { total_results: '3' })]
        : [200, emptyPage(q, false)];
    case 'noise.example':
      return [
        200,
        serpPage(q, [
          { link: 'https://notnoise.example/' },
          { link: 'https://noise.example.evil.test/' },
          { link: 'https://other.test/?u=https://noise.example/' },
          { link: 'ftp://noise.example/file' },
        ]),
      ];
    case 'mixed.example':
      return [
        200,
        serpPage(
          q,
          [
            { link: 'https://unrelated.test/mixed.example' },
            { link: 'https://mixed.example/a' },
            { link: 'https://notmixed.example/' },
            { link: 'https://WWW.Mixed.Example./b' },
            { link: 'https://mixed.example/a' },
          ],
          {},
        ),
      ];
    case 'throttled.example':
      return [429, { error: 'Your account has run out of searches.' }, { 'retry-after': '3600' }];
    case 'broken.example':
      return [503, { search_metadata: { status: 'Error' }, error: 'Something went wrong on our side.' }];
    case 'failed.example':
      return [200, { search_metadata: { status: 'Error' }, error: 'Unsupported `google_domain` parameter.' }];
    case 'garbage.example':
      return [200, '<html><body>upstream maintenance</body></html>'];
    case 'leaky.example':
      // An error text echoing the request URL must not reach a message with the key in it.
      return [400, { error: `Invalid request: /search.json?api_key=${SERPAPI_KEY}&q=${q}` }];
    case 'slow.example':
      return 'slow';
    default:
      return [200, emptyPage(q)];
  }
}

function send(res: ServerResponse, [status, body, headers]: Reply) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function handleSerpApi(params: URLSearchParams, res: ServerResponse) {
  if (params.get('api_key') !== SERPAPI_KEY)
    return send(res, [
      401,
      { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' },
    ]);
  const q = params.get('q') ?? '';
  if (params.get('engine') !== 'google' || !q)
    return send(res, [400, { error: 'Missing query `q` parameter.' }]);
  const reply = serpApiCase(q.replace(/^site:/, ''), q, params.get('no_cache') === 'true');
  if (reply === 'slow') return void setTimeout(() => send(res, [200, emptyPage(q)]), 3_000).unref();
  send(res, reply);
}

/** DataForSEO envelope around one task (INTEGRATIONS §6b). */
function dataForSeoTask(keyword: string, task: object, top = { status_code: 20000, status_message: 'Ok.' }) {
  return {
    version: '0.1.20250601',
    ...top,
    time: '1.2 sec.',
    cost: 0.002,
    tasks_count: 1,
    tasks_error: 0,
    tasks: [
      {
        id: '06011000-1111-0066-0000-aaaa',
        status_code: 20000,
        status_message: 'Ok.',
        cost: 0.002,
        data: { keyword },
        ...task,
      },
    ],
  };
}

function dataForSeoCase(keyword: string): Reply {
  const result = (items: Array<{ type: string; url: string }>, count: number) => ({
    result_count: 1,
    result: [
      {
        keyword,
        type: 'organic',
        se_domain: 'google.com',
        location_code: 2840,
        language_code: 'en',
        se_results_count: count,
        items_count: items.length,
        items: items.length
          ? items.map((it, i) => ({ ...it, rank_group: i + 1, rank_absolute: i + 1, title: 't' }))
          : null,
      },
    ],
  });
  switch (keyword) {
    case 'site:example.com':
      return [
        200,
        dataForSeoTask(
          keyword,
          result(
            [
              { type: 'organic', url: 'https://example.com/' },
              { type: 'featured_snippet', url: 'https://other.test/' },
              { type: 'organic', url: 'https://docs.example.com/start' },
            ],
            532,
          ),
        ),
      ];
    case 'site:poor.example':
      return [
        200,
        dataForSeoTask(keyword, { status_code: 40200, status_message: 'Payment Required.', result: null }),
      ];
    case 'site:engine-down.example':
      return [
        200,
        dataForSeoTask(keyword, {
          status_code: 40101,
          status_message: 'Internal SE Server Error.',
          result: null,
        }),
      ];
    default:
      return [200, dataForSeoTask(keyword, result([], 0))];
  }
}

async function handleDataForSeo(req: IncomingMessage, res: ServerResponse, log: unknown[]) {
  const expected = `Basic ${Buffer.from(`${DATAFORSEO_LOGIN}:${DATAFORSEO_PASSWORD}`).toString('base64')}`;
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if (req.headers.authorization !== expected)
    return send(res, [
      401,
      { status_code: 40100, status_message: 'You are not authorized to access this resource.' },
    ]);
  const tasks: unknown = JSON.parse(raw);
  log.push(tasks);
  const keyword =
    Array.isArray(tasks) && typeof tasks[0] === 'object' && tasks[0] !== null && 'keyword' in tasks[0]
      ? String(tasks[0].keyword)
      : '';
  send(res, dataForSeoCase(keyword));
}

/** SerpApi's search.json and DataForSEO's live advanced endpoint, on a loopback address (127.0.0.1). */
export async function startSerpServer(host = '127.0.0.1'): Promise<LocalSerpServer> {
  const serpapi: URLSearchParams[] = [];
  const dataforseo: unknown[] = [];
  const server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && url.pathname === '/search.json') {
      serpapi.push(url.searchParams);
      return handleSerpApi(url.searchParams, res);
    }
    if (req.method === 'POST' && url.pathname === '/v3/serp/google/organic/live/advanced')
      return void handleDataForSeo(req, res, dataforseo);
    send(res, [404, { error: 'Not found' }]);
  }, host);
  return { ...server, serpapi, dataforseo };
}
