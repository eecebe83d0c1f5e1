// npm start: builds what is missing or stale (shared + server with tsc, the console with Vite), then runs
// the server from its build. Migrations and the first-run seed happen inside the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
  run('npm', ['run', 'build', '-w', 'web']);
}
const server = spawnSync(process.execPath, [path.join(root, 'server', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
