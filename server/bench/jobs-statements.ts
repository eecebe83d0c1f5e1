import pg from 'pg';
import { BENCH_SQL } from './jobs-app.js';

/**
 * Counts the statements this process sends to PostgreSQL (every pg client: the app's pool and pg-boss's),
 * so the jobs bench can report statements (round trips) per job for the engine and for bare pg-boss; the
 * bench's own polling (marked BENCH_SQL) is left out. Each
 * statement is grouped by its first words, whitespace collapsed, for the profile BENCH_JOBS_PROFILE prints.
 */
/** The SQL of a pg query call: a string, or a config object's text. */
function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string') return arg.text;
  return '';
}

/**
 * Keys of the statement texts seen, so each is tidied once: the engine's statements are a handful of texts
 * sent again and again. A long text (values written into it) is tidied each time rather than kept.
 */
const KEYS_KEPT = 1_000;
const KEPT_TEXT_MAX = 4_096;
const keys = new Map<string, string>();

function keyOf(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = text.slice(0, 1_000).replace(/\s+/g, ' ').trim().slice(0, 90);
    if (keys.size < KEYS_KEPT && text.length <= KEPT_TEXT_MAX) keys.set(text, key);
  }
  return key;
}

export class StatementCounter {
  private counts = new Map<string, number>();
  /** Milliseconds from send to answer, per statement kind (only when profiling). */
  private millis = new Map<string, number>();
  private installed = false;

  /** Starts counting (idempotent); the counts are reset with reset(). */
  install(): void {
    if (this.installed) return;
    this.installed = true;
    const proto = pg.Client.prototype;
    const original = proto.query;
    const counts = () => this.counts;
    const millis = () => this.millis;
    const timed = Boolean(process.env.BENCH_JOBS_PROFILE);
    const patched = function (this: pg.Client, ...args: Parameters<typeof original>) {
      const text = textOf(args[0]);
      if (text.startsWith(BENCH_SQL))
        return Reflect.apply(original, this, args) as ReturnType<typeof original>;
      const key = keyOf(text);
      const map = counts();
      map.set(key, (map.get(key) ?? 0) + 1);
      if (!timed) return Reflect.apply(original, this, args) as ReturnType<typeof original>;
      const t0 = performance.now();
      const add = () => {
        const m = millis();
        m.set(key, (m.get(key) ?? 0) + performance.now() - t0);
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...cbArgs: unknown[]) => {
          add();
          return Reflect.apply(callback, undefined, cbArgs) as unknown;
        };
        return Reflect.apply(original, this, args) as ReturnType<typeof original>;
      }
      const result: unknown = Reflect.apply(original, this, args);
      if (result instanceof Promise) void result.then(add, add);
      return result as ReturnType<typeof original>;
    };
    // pg's overloads cannot be restated one by one; the wrapper passes every call through unchanged.
    Object.defineProperty(proto, 'query', { value: patched, writable: true, configurable: true });
  }

  reset(): void {
    this.counts = new Map();
    this.millis = new Map();
  }

  get total(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }

  /** The most frequent statements: text, count and milliseconds waited on them in all. */
  top(n: number): Array<[string, number, number]> {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([text, count]) => [text, count, this.millis.get(text) ?? 0]);
  }
}

export const statements = new StatementCounter();
