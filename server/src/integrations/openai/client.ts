import { setTimeout as sleep } from 'node:timers/promises';
import { OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { fromOutbound, OpenAiError } from './errors.js';
import { completionOf, contentJson, errorBody, failure, jsonOf, modelsOf } from './response.js';
import { backoffMs, requestedWaitMs, retryWaitMs, type RetryPolicy } from './retry.js';
import type { ModelInfo, StructuredRequest, StructuredResult } from './types.js';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiClientOptions {
  /** Default https://api.openai.com/v1; Ollama http://localhost:11434/v1, vLLM …:8000/v1, llama.cpp …:8080/v1. */
  baseUrl?: string;
  /** Sent as a Bearer token; null for a local server that wants none. */
  apiKey: string | null;
  model: string;
  /** The SSRF-guarded client (the base URL is configuration). */
  safeFetch: SafeFetch;
  /** Per request, generation included (default 180 s: a long article takes a while). */
  timeoutMs?: number;
  /** Retries of rate limits (429, not insufficient_quota), 5xx and dropped connections (default 2). */
  maxRetries?: number;
  /** The longest wait honoured before a retry (default 20 s); a longer Retry-After fails at once. */
  maxRetryWaitMs?: number;
  /** Waits between retries (tests observe them). */
  sleep?: (ms: number) => Promise<void>;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A client of the Chat Completions API (INTEGRATIONS §8a) as OpenAI, Ollama, vLLM and llama.cpp serve it:
 * one POST per completion with the key as a Bearer header, structured parts through a strict JSON schema
 * (`response_format: {type: "json_schema"}`), rate limits and 5xx retried within bounds, quota, auth,
 * unknown-model and context-length failures reported as they are. Failures are OpenAiError.
 */
export class OpenAiClient {
  readonly baseUrl: string;
  readonly model: string;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: OpenAiClientOptions) {
    if (!options.model.trim()) throw new Error('The OpenAI-compatible client needs a model name');
    const base = (options.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/i.test(base))
      throw new Error(`OPENAI_BASE_URL must be an http(s) URL, got "${base}"`);
    this.baseUrl = base;
    this.model = options.model.trim();
    this.policy = { maxRetries: options.maxRetries ?? 2, maxWaitMs: options.maxRetryWaitMs ?? 20_000 };
  }

  /** The host the client talks to, for screens and logs (never the key). */
  get endpointHost(): string {
    return new URL(this.baseUrl).host;
  }

  /** `GET /models`: the models the server offers. */
  async models(): Promise<ModelInfo[]> {
    const { res, body, attempts } = await this.send('GET', 'models', undefined);
    if (res.status !== 200) throw failure(res, body, this.options.apiKey, attempts, null);
    return modelsOf(body);
  }

  /**
   * One completion whose content is JSON of `schema` (strict structured outputs), checked by `parse`. A
   * parse failure is a bad_response naming what was wrong.
   */
  async structured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    if (!NAME.test(request.name)) throw new OpenAiError('invalid', `Bad schema name "${request.name}"`);
    // Only what every compatible server takes: no temperature or token limit (reasoning models refuse them).
    const payload = {
      model: this.model,
      messages: request.messages,
      response_format: {
        type: 'json_schema',
        json_schema: { name: request.name, strict: true, schema: request.schema },
      },
      stream: false,
    };
    const { res, body, attempts } = await this.send('POST', 'chat/completions', JSON.stringify(payload));
    if (res.status !== 200) throw failure(res, body, this.options.apiKey, attempts, null);
    const completion = completionOf(body, attempts);
    let value: T;
    try {
      value = request.parse(contentJson(completion.content, attempts));
    } catch (err) {
      if (err instanceof OpenAiError) throw err;
      const why = err instanceof Error ? err.message : String(err);
      throw new OpenAiError('bad_response', `The model's JSON does not match the schema: ${why}`, {
        status: 200,
        attempts,
      });
    }
    return {
      value,
      usage: completion.usage,
      model: completion.model || this.model,
      requestId: res.headers['x-request-id'] ?? null,
      attempts,
    };
  }

  /** One request, and bounded retries of rate limits, 5xx and dropped connections. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
  ): Promise<{ res: SafeResponse; body: unknown; attempts: number }> {
    const key = this.options.apiKey;
    const wait = this.options.sleep ?? ((ms: number) => sleep(ms));
    for (let retry = 0; ; retry += 1) {
      const attempts = retry + 1;
      let res: SafeResponse;
      try {
        res = await this.options.safeFetch(`${this.baseUrl}/${path}`, {
          method,
          accept: 'application/json',
          headers: {
            ...(key ? { authorization: `Bearer ${key}` } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body } : {}),
          // A redirect would carry the key elsewhere: the API never sends one.
          maxRedirects: 0,
          maxBytes: 8 * 1024 * 1024,
          timeoutMs: this.options.timeoutMs ?? 180_000,
        });
      } catch (err) {
        // A connection that failed before any answer (reset, refused) is worth another try; a timeout is not.
        const dropped = err instanceof OutboundError && err.reason === 'network';
        if (dropped && retry < this.policy.maxRetries) {
          await wait(backoffMs(retry));
          continue;
        }
        throw fromOutbound(err, key, attempts);
      }
      const parsed = jsonOf(res);
      if (res.status === 200) return { res, body: parsed, attempts };
      const delay = retryWaitMs(res.status, errorBody(parsed).code, res.headers, retry, this.policy);
      if (delay === null) {
        const asked = res.status === 429 ? requestedWaitMs(res.headers) : null;
        throw failure(res, parsed, key, attempts, asked);
      }
      await wait(delay);
    }
  }
}
