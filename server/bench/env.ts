/** Reading the BENCH_* knobs, shared by every benchmark entry point. */

/** A whole number 1..max from the environment, or the fallback when unset. */
export function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a whole number 1..${max}`);
  return n;
}

/** A comma-separated choice among allowed names, or all of them when unset. */
export function names<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[]): T[] {
  const values = (env[name] || allowed.join(',')).split(',').map((s) => s.trim());
  const unknown = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length) throw new Error(`${name}: unknown ${unknown.join(', ')} (${allowed.join(', ')})`);
  return values as T[];
}
