/**
 * One JSON request to the API, signed in when a token is given; a non-2xx answer throws with its body.
 * Used by the test helpers and by the perf scripts, which run outside the test runner.
 */
export async function call<T>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(new URL(path.replace(/^\//, ''), baseURL), {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}`, AuthType: 'password' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
