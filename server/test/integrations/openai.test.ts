import { describe, expect, it } from 'vitest';
import {
  costOf,
  createOpenAi,
  OpenAiClient,
  OpenAiError,
  parsePrices,
  priceOf,
  trustedHosts,
  type OpenAiClientOptions,
} from '../../src/integrations/openai/index.js';
import { parseDuration, requestedWaitMs } from '../../src/integrations/openai/retry.js';
import { articleMessages, type ArticleBrief } from '../../src/services/dms/content/brief.js';
import { ARTICLE_SCHEMA, parseArticle } from '../../src/services/dms/content/schema.js';
import {
  OPENAI_KEY,
  OPENAI_KEY_NO_QUOTA,
  rateLimited,
  serverError,
  startOpenAiServer,
  type ChatRequestSeen,
} from './openai-server.js';
import { failureOf, requestsDuring, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(startOpenAiServer);
const waits: number[] = [];

const make = (options: Partial<OpenAiClientOptions> = {}) =>
  new OpenAiClient({
    apiKey: OPENAI_KEY,
    baseUrl: local.server.baseUrl,
    model: 'gpt-4o-mini',
    safeFetch: local.fetch,
    timeoutMs: 5_000,
    sleep: (ms) => {
      waits.push(ms);
      return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
    },
    ...options,
  });

const failure = failureOf(OpenAiError);
const requestsOf = (call: () => Promise<unknown>) => requestsDuring<ChatRequestSeen>(local.server, call);

const brief = (over: Partial<ArticleBrief> = {}): ArticleBrief => ({
  topic: 'Dutch mortgage rates',
  description: null,
  keywords: ['hypotheekrente', 'fixed rate'],
  persona: null,
  tone: 'friendly',
  language: 'nl',
  subsections: 3,
  paragraphs: 3,
  introduction: true,
  website: 'hypotheek-vergelijker.nl',
  market: null,
  backlinks: [{ url: 'https://geldwijzer.nl/rente', anchor: 'actuele hypotheekrente' }],
  ...over,
});

const article = (client: OpenAiClient, b = brief()) =>
  client.structured({
    messages: articleMessages(b),
    name: 'article',
    schema: ARTICLE_SCHEMA,
    parse: parseArticle,
  });

describe('Chat Completions with a strict JSON schema', () => {
  it('sends the model, the messages and response_format json_schema with Bearer auth, and parses the article', async () => {
    const client = make();
    let result: Awaited<ReturnType<typeof article>> | undefined;
    const [request, ...more] = await requestsOf(async () => {
      result = await article(client);
    });
    expect(more).toEqual([]);
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: false,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'article', strict: true, schema: ARTICLE_SCHEMA },
      },
    });
    // Nothing a reasoning model or a local server refuses.
    expect(Object.keys(request!.body!)).not.toContain('temperature');
    expect(Object.keys(request!.body!)).not.toContain('max_tokens');
    const r = result!;
    expect(r.model).toBe('gpt-4o-mini-2024-07-18');
    expect(r.attempts).toBe(1);
    expect(r.requestId).toMatch(/^req_/);
    expect(r.usage!.totalTokens).toBe(r.usage!.promptTokens + r.usage!.completionTokens);
    expect(r.value.sections).toHaveLength(3);
    expect(r.value.sections.every((s) => s.paragraphs.length === 3)).toBe(true);
    expect(r.value.introduction.length).toBeGreaterThan(0);
  });

  it('writes from the brief: topic, language and backlinks change the answer', async () => {
    const client = make();
    const dutch = (await article(client)).value;
    expect(dutch.title).toContain('Dutch mortgage rates');
    const body = (a: typeof dutch) => a.sections.flatMap((s) => s.paragraphs).join('\n');
    expect(body(dutch)).toContain('<a href="https://geldwijzer.nl/rente">actuele hypotheekrente</a>');
    expect(body(dutch)).toMatch(/hypotheekrente|fixed rate/);
    expect(dutch.meta_description).toMatch(/Alles over|belangrijkste/);
    const japanese = (
      await article(
        client,
        brief({ topic: '住宅ローン', language: 'ja', tone: null, backlinks: [], introduction: false }),
      )
    ).value;
    expect(japanese.title).toContain('住宅ローン');
    expect(japanese.introduction).toEqual([]);
    expect(body(japanese)).not.toContain('<a href');
    expect(body(japanese)).toMatch(/[\u3040-\u30ff]/);
  });

  it('lists the models the server offers', async () => {
    const models = await make().models();
    expect(models.map((m) => m.id)).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o']));
  });

  it('refuses content that is not the schema’s JSON as bad_response, naming what is wrong', async () => {
    const reply = (content: string) => ({
      status: 200,
      body: {
        id: 'x',
        object: 'chat.completion',
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      },
    });
    local.server.script(reply('Sure! Here is your article: …'));
    const notJson = await failure(article(make()));
    expect(notJson.kind).toBe('bad_response');
    expect(notJson.message).toMatch(/not the requested JSON/);
    local.server.script(reply(JSON.stringify({ title: 'T', sections: [] })));
    const wrong = await failure(article(make()));
    expect(wrong.kind).toBe('bad_response');
    expect(wrong.message).toMatch(/does not match the schema: "sections\[?.*|at least 2/);
    // A code fence around the JSON (some local models add one) is fine.
    local.server.script(
      reply(
        '```json\n' +
          JSON.stringify({
            title: 'Fenced',
            excerpt: 'e',
            image_alt_text: 'a',
            tweet: 't',
            meta_description: 'm',
            introduction: [],
            sections: [
              { heading: 'A', paragraphs: ['p'] },
              { heading: 'B', paragraphs: ['q'] },
            ],
          }) +
          '\n```',
      ),
    );
    expect((await article(make())).value.title).toBe('Fenced');
  });

  it('reports a refusal, a filtered answer and one cut at the token limit', async () => {
    const choice = (message: Record<string, unknown>, finish: string) => ({
      status: 200,
      body: {
        model: 'gpt-4o-mini',
        choices: [
          { index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish },
        ],
      },
    });
    local.server.script(choice({ refusal: "I can't help with that." }, 'stop'));
    expect((await failure(article(make()))).kind).toBe('refusal');
    local.server.script(choice({ content: '{"title": "cut' }, 'length'));
    const cut = await failure(article(make()));
    expect(cut.kind).toBe('incomplete');
    expect(cut.message).toMatch(/token limit/);
    local.server.script(choice({ content: '' }, 'content_filter'));
    expect((await failure(article(make()))).kind).toBe('refusal');
  });
});

describe('Chat Completions errors', () => {
  it('401: a wrong key is auth, not retried, and the key never appears in the message', async () => {
    const key = 'sk-wrong-1234567890abcdef';
    const requests = await requestsOf(async () => {
      const err = await failure(article(make({ apiKey: key })));
      expect(err.kind).toBe('auth');
      expect(err.details).toMatchObject({ status: 401, code: 'invalid_api_key', attempts: 1 });
      expect(err.message).not.toContain(key);
    });
    expect(requests).toHaveLength(1);
  });

  it('404: an unknown model is model_not_found', async () => {
    const err = await failure(article(make({ model: 'gpt-9-turbo' })));
    expect(err.kind).toBe('model_not_found');
    expect(err.details.code).toBe('model_not_found');
    expect(err.message).toMatch(/gpt-9-turbo/);
  });

  it('429 rate_limit_exceeded is retried after the wait the server asks for, within bounds', async () => {
    waits.length = 0;
    local.server.script(rateLimited(40), rateLimited(60));
    const requests = await requestsOf(async () => {
      const r = await article(make());
      expect(r.attempts).toBe(3);
      expect(r.value.title).toBeTruthy();
    });
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([40, 60]);
  });

  it('429 rate_limit_exceeded past the retries, or asking for a longer wait than allowed, fails rate_limited', async () => {
    local.server.script(rateLimited(10), rateLimited(10), rateLimited(10));
    const exhausted = await failure(article(make()));
    expect(exhausted.kind).toBe('rate_limited');
    expect(exhausted.details.attempts).toBe(3);
    expect(exhausted.transient).toBe(true);
    waits.length = 0;
    local.server.script(rateLimited(90_000));
    const long = await failure(article(make({ maxRetryWaitMs: 20_000 })));
    expect(long.kind).toBe('rate_limited');
    expect(long.details.retryAfterSeconds).toBe(90);
    expect(waits).toEqual([]);
  });

  it('429 insufficient_quota is never retried', async () => {
    const requests = await requestsOf(async () => {
      const err = await failure(article(make({ apiKey: OPENAI_KEY_NO_QUOTA })));
      expect(err.kind).toBe('insufficient_quota');
      expect(err.transient).toBe(false);
      expect(err.message).toMatch(/quota/);
    });
    expect(requests).toHaveLength(1);
  });

  it('400 context_length_exceeded says so clearly', async () => {
    const err = await failure(article(make({ model: 'tiny-context' })));
    expect(err.kind).toBe('context_length_exceeded');
    expect(err.message).toMatch(/context length/);
    expect(err.message).toMatch(/maximum context length is 600 tokens/);
  });

  it('5xx is retried with backoff, then reported as unavailable', async () => {
    waits.length = 0;
    local.server.script(serverError(503));
    expect((await article(make())).attempts).toBe(2);
    expect(waits).toEqual([500]);
    local.server.script(serverError(500), serverError(502), serverError(503));
    const err = await failure(article(make()));
    expect(err.kind).toBe('unavailable');
    expect(err.details).toMatchObject({ status: 503, attempts: 3 });
  });

  it('a server that does not answer is network; the guarded client refuses a private address', async () => {
    const dead = await failure(article(make({ baseUrl: `${local.deadOrigin}/v1`, maxRetries: 1 })));
    expect(dead.kind).toBe('network');
    expect(dead.details.attempts).toBe(2);
    await withGuardedFetch(async (guarded) => {
      const refused = await failure(article(make({ safeFetch: guarded })));
      expect(refused.kind).toBe('refused');
    });
  });
});

describe('retry waits, prices and configuration', () => {
  it('reads Retry-After, retry-after-ms and the x-ratelimit-reset durations', () => {
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('1s')).toBe(1000);
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseDuration('soon')).toBeNull();
    expect(requestedWaitMs({ 'retry-after-ms': '250', 'retry-after': '1' })).toBe(250);
    expect(requestedWaitMs({ 'retry-after': '3' })).toBe(3000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(requestedWaitMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now)).toBe(5000);
    expect(requestedWaitMs({ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' })).toBe(
      360_000,
    );
    expect(requestedWaitMs({})).toBeNull();
  });

  it('prices a completion by the model that answered, a dated snapshot by its family', () => {
    const table = parsePrices(
      'llama3.1:8b=0/0, meta-llama/Llama-3.1-8B-Instruct=0.02/0.05,gpt-4o-mini=0.2/0.8',
    );
    expect(priceOf(table, 'gpt-4o-mini-2024-07-18')).toEqual({ input: 0.2, output: 0.8 });
    expect(priceOf(table, 'gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(priceOf(table, 'meta-llama/Llama-3.1-8B-Instruct')).toEqual({ input: 0.02, output: 0.05 });
    expect(priceOf(table, 'mistral:7b')).toBeNull();
    expect(priceOf(table, 'mistral:7b', 'llama3.1:8b')).toEqual({ input: 0, output: 0 });
    expect(
      costOf({ input: 0.15, output: 0.6 }, { promptTokens: 1200, completionTokens: 2500, totalTokens: 3700 }),
    ).toBe(0.00168);
    expect(costOf(null, { promptTokens: 1, completionTokens: 1, totalTokens: 2 })).toBeNull();
    expect(() => parsePrices('gpt-4o-mini=cheap')).toThrow(/OPENAI_PRICES/);
  });

  it('builds no client without a key or a base URL, and trusts only the configured local address', () => {
    const config = { baseUrl: null, apiKey: null, model: 'gpt-4o-mini', prices: null, timeoutMs: 1000 };
    expect(createOpenAi(config, local.fetch)).toBeNull();
    const ollama = createOpenAi(
      { ...config, baseUrl: 'http://localhost:11434/v1', model: 'llama3.1:8b' },
      local.fetch,
    )!;
    expect(ollama.client.endpointHost).toBe('localhost:11434');
    expect(ollama.price).toBeNull();
    expect(createOpenAi({ ...config, apiKey: 'sk-x' }, local.fetch)!.price).toEqual({
      input: 0.15,
      output: 0.6,
    });
    expect(trustedHosts('http://localhost:11434/v1')).toEqual(['127.0.0.1', '::1']);
    expect(trustedHosts('http://10.0.0.5:8000/v1')).toEqual(['10.0.0.5']);
    expect(trustedHosts('http://[::1]:8080/v1')).toEqual(['::1']);
    expect(trustedHosts('https://api.openai.com/v1')).toEqual([]);
    expect(
      () => new OpenAiClient({ apiKey: null, model: 'm', baseUrl: 'ftp://x', safeFetch: local.fetch }),
    ).toThrow(/http/);
  });
});
