/**
 * The parent environment minus what vitest sets for itself (NODE_ENV=test would make dev builds) and
 * minus DATABASE_URL.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST') continue;
    // the server under test always gets its own fresh embedded database
    if (key === 'DATABASE_URL') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}
