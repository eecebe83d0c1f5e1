import { vi } from 'vitest';

type Handler = (init: RequestInit | undefined, url: URL) => { status?: number; body?: unknown } | undefined;

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
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
      });
    }),
  );
  return calls;
}
