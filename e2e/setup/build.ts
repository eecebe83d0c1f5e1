import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv } from './env';
import { repoRoot, webDist } from './paths';

/** Inputs of the console build: a change in any of them makes web/dist stale. */
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'shared/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isWebDistStale(): boolean {
  const marker = join(webDist, 'version.txt');
  if (!existsSync(marker) || !existsSync(join(webDist, 'index.html'))) return true;
  const built = statSync(marker).mtimeMs;
  return INPUTS.some((input) => newestMtime(join(repoRoot, input)) > built);
}

/** Builds the console when web/dist is missing or older than its sources. */
export function ensureWebBuilt(): void {
  if (!isWebDistStale()) return;
  console.log('[e2e] building the console (web/dist is missing or stale)');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: cleanEnv({ NODE_ENV: 'production' }),
  });
  if (result.status !== 0) throw new Error(`npm run build -w web failed with status ${result.status}`);
}
