import { actionPath, type ActionInput, type ActionResponse, type ActionSpec } from '@sitefleet/shared';
import { apiFetch, type RequestOptions } from './http';

export interface CallOptions {
  signal?: AbortSignal;
  /** The body of an action that consumes multipart/form-data (an upload). */
  form?: FormData;
}

/**
 * Calls a declared action (shared/src/actions): its path, method and the parts it declares come from the
 * declaration, and the answer is typed by its response schema. No path string is written in the console.
 * Public actions are called without the session's token.
 */
export function callAction<S extends ActionSpec>(
  spec: S,
  input: ActionInput<S>,
  options: CallOptions = {},
): Promise<ActionResponse<S>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  const sent = options.form ?? body;
  return apiFetch<ActionResponse<S>>(actionPath(spec, params), {
    method: spec.method,
    ...(query ? { query } : {}),
    ...(sent !== undefined ? { body: sent } : {}),
    ...(spec.access === 'public' ? { auth: false } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
