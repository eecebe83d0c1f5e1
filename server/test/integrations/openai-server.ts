import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BRIEF_MARKER, type BriefJson } from '../../src/services/dms/content/brief.js';
import { writeDemoArticle, type BacklinkHandling } from '../../src/services/dms/content/demo-writer.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/**
 * A local server of the Chat Completions API (INTEGRATIONS §8a) and `GET /v1/models`, with OpenAI's error
 * envelope and statuses: 401 invalid_api_key, 404 model_not_found, 429 rate_limit_exceeded (with
 * Retry-After and x-ratelimit-* headers) and insufficient_quota, 400 context_length_exceeded, 5xx. A
 * structured request gets JSON of its schema, written from the brief in the prompt (topic, language,
 * keywords, size, backlinks) by the demo writer, different at each call.
 */

/** A key with quota left. */
export const OPENAI_KEY = 'sk-test-4d9a1c7e0b2f';
/** A valid key of an account whose credit is spent: every completion is 429 insufficient_quota. */
export const OPENAI_KEY_NO_QUOTA = 'sk-test-noquota-77e1';
/** Models the server knows; `tiny-context` holds 600 tokens of prompt and answer. */
export const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'tiny-context', 'local-writer'] as const;
const CONTEXT: Record<string, number> = { 'tiny-context': 600 };

export interface ChatRequestSeen {
  path: string;
  method: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

type Scripted = { status: number; body: unknown; headers?: Record<string, string> };

export interface LocalOpenAiServer extends LocalHttpServer {
  /** `{origin}/v1`, what OPENAI_BASE_URL is set to. */
  baseUrl: string;
  requests: ChatRequestSeen[];
  /** Answers queued ahead of the normal ones (a rate limit, a 503, a refusal), each used once. */
  script(...replies: Scripted[]): void;
  /** How structured answers treat the brief's backlinks (default: linked as asked). */
  backlinks: BacklinkHandling;
  /** Milliseconds each completion takes. */
  delayMs: number;
}

export const openAiError = (
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) => ({
  error: { message, type, param, code },
});

/** A 429 rate limit telling the client to wait `ms` (Retry-After in seconds rounded up, and -ms exactly). */
export const rateLimited = (ms: number): Scripted => ({
  status: 429,
  body: openAiError(
    'Rate limit reached for requests per min. Please try again shortly.',
    'requests',
    'rate_limit_exceeded',
  ),
  headers: {
    'retry-after': String(Math.ceil(ms / 1000)),
    'retry-after-ms': String(ms),
    'x-ratelimit-limit-requests': '3',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-reset-requests': `${ms}ms`,
  },
});

export const serverError = (status = 503): Scripted => ({
  status,
  body: openAiError('The server is overloaded or not ready yet.', 'server_error', null),
});

function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(
          typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null,
        );
      } catch {
        resolve(null);
      }
    });
  });
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function briefOf(messages: unknown): BriefJson | null {
  if (!Array.isArray(messages)) return null;
  for (const m of messages as Array<{ content?: unknown }>) {
    const text = typeof m.content === 'string' ? m.content : '';
    const at = text.indexOf(BRIEF_MARKER);
    if (at < 0) continue;
    const line =
      text
        .slice(at + BRIEF_MARKER.length)
        .trim()
        .split('\n')[0] ?? '';
    try {
      return JSON.parse(line) as BriefJson;
    } catch {
      return null;
    }
  }
  return null;
}

export async function startOpenAiServer(host = '127.0.0.1'): Promise<LocalOpenAiServer> {
  const requests: ChatRequestSeen[] = [];
  const queue: Scripted[] = [];
  let completions = 0;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_${randomBytes(8).toString('hex')}`,
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = req.method === 'POST' ? await readJson(req) : null;
    requests.push({ path, method: req.method ?? 'GET', authorization: req.headers.authorization, body });
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (key !== OPENAI_KEY && key !== OPENAI_KEY_NO_QUOTA)
      return send(
        res,
        401,
        openAiError(
          `Incorrect API key provided: ${(key ?? '').slice(0, 3)}***. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    if (req.method === 'GET' && path === '/v1/models')
      return send(res, 200, {
        object: 'list',
        data: OPENAI_MODELS.map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })),
      });
    if (req.method !== 'POST' || path !== '/v1/chat/completions')
      return send(
        res,
        404,
        openAiError(`Invalid URL (${req.method} ${path})`, 'invalid_request_error', null),
      );
    const scripted = queue.shift();
    if (scripted) return send(res, scripted.status, scripted.body, scripted.headers);
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages))
      return send(
        res,
        400,
        openAiError("'model' and 'messages' are required", 'invalid_request_error', null),
      );
    const model = body.model;
    if (!(OPENAI_MODELS as readonly string[]).includes(model))
      return send(
        res,
        404,
        openAiError(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
          'model',
        ),
      );
    if (key === OPENAI_KEY_NO_QUOTA)
      return send(
        res,
        429,
        openAiError(
          'You exceeded your current quota, please check your plan and billing details.',
          'insufficient_quota',
          'insufficient_quota',
        ),
      );
    const prompt = JSON.stringify(body.messages);
    const limit = CONTEXT[model];
    if (limit !== undefined && tokens(prompt) + 400 > limit)
      return send(
        res,
        400,
        openAiError(
          `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${tokens(prompt)} tokens. Please reduce the length of the messages.`,
          'invalid_request_error',
          'context_length_exceeded',
          'messages',
        ),
      );
    const format = body.response_format as
      { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } } | undefined;
    const brief = briefOf(body.messages);
    if (
      format?.type === 'json_schema' &&
      (!format.json_schema?.name || typeof format.json_schema.schema !== 'object')
    )
      return send(
        res,
        400,
        openAiError(
          "Missing required parameter: 'response_format.json_schema.schema'.",
          'invalid_request_error',
          null,
          'response_format',
        ),
      );
    completions += 1;
    const content =
      format?.type === 'json_schema' && brief
        ? JSON.stringify(writeDemoArticle(brief, completions, server.backlinks))
        : 'Hello from the local Chat Completions server.';
    const usage = { prompt_tokens: tokens(prompt), completion_tokens: tokens(content) };
    const answer = () =>
      send(
        res,
        200,
        {
          id: `chatcmpl-${randomBytes(6).toString('hex')}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: model === 'gpt-4o-mini' ? 'gpt-4o-mini-2024-07-18' : model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          system_fingerprint: 'fp_local',
        },
        {
          'x-ratelimit-limit-requests': '500',
          'x-ratelimit-remaining-requests': '499',
          'x-ratelimit-reset-requests': '120ms',
        },
      );
    if (server.delayMs > 0) setTimeout(answer, server.delayMs);
    else answer();
  }

  const http = await startHttpServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, openAiError('The local server failed.', 'server_error', null));
    });
  }, host);
  const server: LocalOpenAiServer = {
    ...http,
    baseUrl: `${http.origin}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    backlinks: 'linked',
    delayMs: 0,
  };
  return server;
}
