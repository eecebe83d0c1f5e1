import { actionPath, type ActionParams, type ActionResponse, type ActionSpec } from '@sitefleet/shared';
import { Value } from 'typebox/value';
import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown };
type Handler = (init: RequestInit | undefined, url: URL) => Answer | undefined;

/** The status a refused mocked body answers with, so the test fails on the call that read it. */
export const CONTRACT_BROKEN = 599;

/** A fetch stand-in routed by "METHOD /path"; unmatched calls answer 404. Returns the call log. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; init?: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://console.test/');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, init });
      const answer = routes[`${method} ${url.pathname}`]?.(init, url) ?? {
        status: 404,
        body: { error: { message: 'Not found' } },
      };
      const text =
        answer.body === undefined
          ? ''
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

/** What a mocked action answers: its declared response, or an error status with any body. */
export type ActionAnswer<S extends ActionSpec> =
  | { status?: 200 | 201; body: ActionResponse<S> }
  | { status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503; body: unknown };

/**
 * One route of mockFetch for a declared action, at the path its declaration gives for `params`. A success
 * body is checked against the action's response schema (shared/src/actions): a body the server could not
 * send answers CONTRACT_BROKEN with the schema's complaints, so a contract change fails the test.
 */
export function onAction<S extends ActionSpec>(
  spec: S,
  params: ActionParams<S> extends undefined ? null : ActionParams<S>,
  handler: (init: RequestInit | undefined, url: URL) => ActionAnswer<S>,
): Record<string, Handler> {
  const path = `/${actionPath(spec, params ?? undefined)}`;
  return {
    [`${spec.method} ${path}`]: (init, url) => {
      const answer = handler(init, url);
      if ((answer.status ?? 200) >= 300) return answer;
      const problems = contractProblems(spec, answer.body);
      if (!problems.length) return answer;
      const message = `The mocked body of ${spec.method} ${spec.path} breaks its contract: ${problems.join('; ')}`;
      return { status: CONTRACT_BROKEN, body: { error: { code: 'contract', message } } };
    },
  };
}

/** Why a body does not match an action's response schema (empty when it does). */
export function contractProblems(spec: ActionSpec, body: unknown): string[] {
  if (Value.Check(spec.response, body)) return [];
  return Value.Errors(spec.response, body).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
