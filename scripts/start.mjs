// npm start: builds what is missing or stale (shared + server with tsc, the console with Vite), then runs
// the server from its build. Migrations and the first-run seed happen inside the server (a new embedded
// database is prepared by a child process of it, server/src/first-run.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** One line for a console build instead of Vite's line per asset. */
function buildSummary(dist) {
  const assets = path.join(dist, 'assets');
  let files = 0;
  let bytes = 0;
  let gzipped = 0;
  for (const name of readdirSync(assets)) {
    const body = readFileSync(path.join(assets, name));
    files += 1;
    bytes += body.length;
    if (/\.(js|css)$/.test(name)) gzipped += gzipSync(body).length;
  }
  const kb = (n) => `${Math.round(n / 1024)} kB`;
  return `console built: ${files} assets, ${kb(bytes)} (${kb(gzipped)} of script and style gzipped) in ${dist}`;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('npx', ['tsc', '-b', 'shared', 'server']);
const webIndex = path.join(root, 'web', 'dist', 'index.html');
const webSources = Math.max(newest(path.join(root, 'web', 'src')), newest(path.join(root, 'shared', 'src')));
if (
  existsSync(path.join(root, 'web', 'package.json')) &&
  (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources)
) {
  const started = Date.now();
  run('npm', ['run', '--silent', 'build', '-w', 'web', '--', '--logLevel', 'warn']);
  console.log(
    `${buildSummary(path.join(root, 'web', 'dist'))}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
// The embedded database's Node flags (server/src/db/pglite-node-flags.ts): V8 reads them at start-up only.
const { serverNodeFlags } = await import('../server/dist/db/pglite-node-flags.js');
const env = { ...process.env };
const demo = !['false', '0'].includes(env.SEED_DEMO ?? '');
const writer = await startDemoWriter(env);
const launch = await startDemoLaunchServers(env);
const server = spawnSync(
  process.execPath,
  [...serverNodeFlags(process.env), path.join(root, 'server', 'dist', 'server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
writer?.kill('SIGTERM');
launch?.kill('SIGTERM');
process.exit(server.status ?? 0);

/**
 * Runs a local stand-in from the tests (needs the dev dependencies, tsx): it prints one line of JSON once it
 * listens, which `apply` turns into the server's environment. Null when it cannot run.
 */
async function startLocal(script, apply) {
  if (!existsSync(path.join(root, 'node_modules', 'tsx'))) return null;
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.once('exit', () => resolve(null));
  });
  if (!line) return null;
  apply(JSON.parse(line));
  return child;
}

/**
 * AI content in the demo: without OPENAI_API_KEY or OPENAI_BASE_URL, articles are written by the local Chat
 * Completions server the tests use (a template writer, docs/content.md), so Create and Regenerate work
 * offline. Set either variable for real articles.
 */
function startDemoWriter(env) {
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL || !demo) return null;
  return startLocal('server/test/integrations/openai-server-cli.ts', ({ baseUrl, apiKey }) => {
    Object.assign(env, { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey, OPENAI_MODEL: 'local-writer' });
    console.log(
      `AI content: OPENAI_API_KEY and OPENAI_BASE_URL are not set, so the demo's articles are written by the local demo writer at ${baseUrl}`,
    );
  });
}

/**
 * The launch wizard in the demo: without NAMECHEAP_API_USER and CLOUDFLARE_API_TOKEN, a local registrar and
 * DNS provider speaking their documented APIs stand in (docs/wizard.md), so a launch can be walked through
 * offline; nothing is bought. Set either for the real ones.
 */
function startDemoLaunchServers(env) {
  if (env.NAMECHEAP_API_USER || env.CLOUDFLARE_API_TOKEN || !demo) return null;
  return startLocal('server/test/integrations/launch-servers-cli.ts', (vars) => {
    Object.assign(env, vars);
    console.log(
      `Launch wizard: NAMECHEAP_API_USER and CLOUDFLARE_API_TOKEN are not set, so the demo's launches use a local registrar (${vars.NAMECHEAP_API_URL}) and DNS provider (${vars.CLOUDFLARE_API_URL}); nothing is bought`,
    );
  });
}
