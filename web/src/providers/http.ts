import type { ErrorBody } from '@sitefleet/shared';
import { HttpError } from 'react-admin';
import { readSession } from './session';

export const GENERIC_ERROR = 'Generic error!';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON, or as it is when it is a multipart form. */
  body?: unknown;
  /** Send the session's bearer token and AuthType header (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** `ums/api/v1/users` + query → `/ums/api/v1/users?…` (same origin as the console). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.idToken}`, AuthType: session.authType } : {};
}

/**
 * Turns the wire error `{error: {code, message, fields}}` into react-admin's HttpError. Field errors go
 * to `body.errors`, which react-admin forms show as helper text on the matching inputs.
 */
export function toHttpError(status: number, body: unknown): HttpError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  const message = typeof error?.message === 'string' && error.message ? error.message : GENERIC_ERROR;
  const fields = error?.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined;
  return new HttpError(message, status, {
    ...(body as object | null),
    ...(fields ? { errors: fields } : {}),
  });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiFetch<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.auth !== false) Object.assign(headers, authHeaders());
  const form = options.body instanceof FormData ? options.body : null;
  // A form's content type carries its boundary: the browser sets it.
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new HttpError(GENERIC_ERROR, 0, null);
  }
  const body = await readBody(res);
  if (!res.ok) throw toHttpError(res.status, body);
  return body as T;
}

/** The message a notifier shows for any thrown value (SPEC §8: the fallback is 'Generic error!'). */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : GENERIC_ERROR;
}

/** The message plus any field errors ("ip_address: has already been taken"), for per-row results. */
export function errorDetail(error: unknown): string {
  const fields = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  const details = fields
    ? Object.entries(fields).map(([field, message]) => `${field}: ${String(message)}`)
    : [];
  return details.length ? details.join('; ') : errorMessage(error);
}
