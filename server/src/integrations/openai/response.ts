import type { SafeResponse } from '../http/safe-fetch.js';
import { OpenAiError, quoteSafely, type OpenAiErrorKind } from './errors.js';
import type { ModelInfo, TokenUsage } from './types.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed body, or undefined when it is not JSON. */
export function jsonOf(res: SafeResponse): unknown {
  try {
    return res.json<unknown>();
  } catch {
    return undefined;
  }
}

export interface ErrorBody {
  message: string | null;
  type: string | null;
  code: string | null;
}

/**
 * The error envelope `{"error": {"message", "type", "param", "code"}}`; compatible servers also answer
 * `{"error": "text"}` or `{"message": "text"}`.
 */
export function errorBody(body: unknown): ErrorBody {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (!isRecord(body)) return { message: null, type: null, code: null };
  const e = body.error;
  if (isRecord(e)) return { message: text(e.message), type: text(e.type), code: text(e.code) };
  return { message: text(e) ?? text(body.message), type: null, code: null };
}

const CONTEXT = /context[_ ]length|maximum context|context window/i;

/** An unsuccessful answer as an OpenAiError of the kind its status and code say. */
export function failure(
  res: SafeResponse,
  body: unknown,
  secret: string | null,
  attempts: number,
  retryAfterMs: number | null,
): OpenAiError {
  const { message, type, code } = errorBody(body);
  const status = res.status;
  const said = message ? `: ${quoteSafely(message, secret)}` : '';
  let kind: OpenAiErrorKind;
  let what: string;
  if (status === 401) {
    kind = 'auth';
    what = 'refused the API key';
  } else if (status === 403) {
    kind = 'auth';
    what = 'refused access for this key (permission or region)';
  } else if (status === 404 || code === 'model_not_found') {
    kind = 'model_not_found';
    what = 'does not know the model, or the key may not use it';
  } else if (status === 429 && code === 'insufficient_quota') {
    kind = 'insufficient_quota';
    what = 'refused: the account has no quota left (check the plan and billing; not retried)';
  } else if (status === 429) {
    kind = 'rate_limited';
    what = 'is rate limiting this key';
  } else if (code === 'context_length_exceeded' || (status === 400 && CONTEXT.test(message ?? ''))) {
    kind = 'context_length_exceeded';
    what =
      "refused: the prompt and the answer do not fit the model's context length; ask for a shorter article";
  } else if (status >= 500) {
    kind = 'unavailable';
    what = 'failed';
  } else if (status >= 400) {
    kind = 'invalid';
    what = 'refused the request';
  } else {
    kind = 'bad_response';
    what = 'answered with an unexpected status';
  }
  return new OpenAiError(kind, `The OpenAI-compatible server ${what} (HTTP ${status})${said}`, {
    status,
    attempts,
    ...(code ? { code } : {}),
    ...(type ? { type } : {}),
    ...(res.headers['x-request-id'] ? { requestId: res.headers['x-request-id'] } : {}),
    ...(retryAfterMs !== null ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}),
  });
}

const bad = (message: string, attempts: number) =>
  new OpenAiError('bad_response', `The OpenAI-compatible server ${message}`, { status: 200, attempts });

function count(o: Record<string, unknown>, key: string): number | null {
  const v = o[key];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

/** `usage` of a completion; null when absent or not counts. */
export function usageOf(body: Record<string, unknown>): TokenUsage | null {
  const u = body.usage;
  if (!isRecord(u)) return null;
  const prompt = count(u, 'prompt_tokens');
  const completion = count(u, 'completion_tokens');
  if (prompt === null || completion === null) return null;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: count(u, 'total_tokens') ?? prompt + completion,
  };
}

export interface Completion {
  content: string;
  model: string;
  usage: TokenUsage | null;
}

/** `choices[0].message.content` of a completion, refusals, filtered and cut answers refused. */
export function completionOf(body: unknown, attempts: number): Completion {
  if (!isRecord(body) || !Array.isArray(body.choices)) throw bad('answered without choices', attempts);
  const choice: unknown = body.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) throw bad('answered an empty choice', attempts);
  const message = choice.message;
  if (typeof message.refusal === 'string' && message.refusal)
    throw new OpenAiError(
      'refusal',
      `The model declined to write it: ${quoteSafely(message.refusal, null)}`,
      {
        status: 200,
        attempts,
      },
    );
  if (choice.finish_reason === 'content_filter')
    throw new OpenAiError('refusal', "The model's answer was stopped by the content filter", {
      status: 200,
      attempts,
    });
  if (choice.finish_reason === 'length')
    throw new OpenAiError(
      'incomplete',
      'The answer stopped at the token limit before it was complete (finish_reason "length"); ask for a shorter article',
      { status: 200, attempts },
    );
  if (typeof message.content !== 'string' || !message.content.trim())
    throw bad('answered without text content', attempts);
  return {
    content: message.content,
    model: typeof body.model === 'string' ? body.model : '',
    usage: usageOf(body),
  };
}

/** The JSON of a structured answer; a code fence around it (some local models add one) is taken off. */
export function contentJson(content: string, attempts: number): unknown {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(text);
  } catch {
    throw bad('answered text that is not the requested JSON', attempts);
  }
}

/** `GET /models`: `{"object": "list", "data": [{"id", "owned_by"}]}`. */
export function modelsOf(body: unknown): ModelInfo[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw bad('listed models without a data list', 1);
  return body.data
    .filter(isRecord)
    .flatMap((m) =>
      typeof m.id === 'string'
        ? [{ id: m.id, ownedBy: typeof m.owned_by === 'string' ? m.owned_by : null }]
        : [],
    );
}
