/**
 * Node (V8) flags for a server process that runs the embedded database, given on its command line by
 * scripts/start.mjs (and by the memory and monitors benches, which measure that process). V8 reads them
 * at start-up only: set later with v8.setFlagsFromString they have no effect. docs/performance.md
 * ("Memory of the embedded database") has the figures.
 *
 * - `--liftoff-only`: PGlite's WebAssembly (PostgreSQL, 9 MB) runs on V8's baseline code only. Left to
 *   tier up, V8 recompiles PostgreSQL's hottest functions with its optimising compiler in background
 *   threads: a transient of several hundred MB during start-up, and those threads' malloc arenas keep
 *   about 90 MB of it resident for good.
 * - `--max-semi-space-size=8`: the JavaScript heap's young generation stays at most 2 x 8 MB. Left to
 *   itself V8 sizes it from the machine's memory (up to 2 x 64 MB), and it grows to that under a steady
 *   allocation rate such as 10,000 monitors' checks.
 */
export const EMBEDDED_NODE_FLAGS: readonly string[] = ['--liftoff-only', '--max-semi-space-size=8'];

/** The flags for a server started with this environment: the embedded database runs without DATABASE_URL. */
export function serverNodeFlags(env: NodeJS.ProcessEnv): readonly string[] {
  return env.DATABASE_URL ? [] : EMBEDDED_NODE_FLAGS;
}
