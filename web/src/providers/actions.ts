import { actionPath, type ActionInput, type ActionResponse, type ActionSpec } from '@sitefleet/shared';
import { apiFetch, type RequestOptions } from './http';

/**
 * Calls a declared action (shared/src/actions): its path, method and the parts it declares come from the
 * declaration, and the answer is typed by its response schema. No path string is written in the console.
 */
export function callAction<S extends ActionSpec>(
  spec: S,
  input: ActionInput<S>,
  options: { signal?: AbortSignal } = {},
): Promise<ActionResponse<S>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return apiFetch<ActionResponse<S>>(actionPath(spec, params), {
    method: spec.method,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
