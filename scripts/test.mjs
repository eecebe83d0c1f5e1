// Runs every test layer in order (server unit + API, web components, e2e in Chromium) and prints one
// closing line "N passed, N failed" over all of them. Exits non-zero when any layer fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const layers = [
  { name: 'server', workspace: 'server' },
  { name: 'web', workspace: 'web' },
  { name: 'e2e', workspace: 'e2e' },
].filter((l) => {
  const pkg = path.join(root, l.workspace, 'package.json');
  return existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).scripts?.test;
});

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const layer of layers) {
  const report = path.join(out, `${layer.name}.json`);
  console.log(`\n=== ${layer.name} tests ===`);
  const started = Date.now();
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: path.join(root, layer.workspace),
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (r.status !== 0) exitCode = 1;
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if ((j.numFailedTestSuites ?? 0) > 0 && (j.numFailedTests ?? 0) === 0) failed += j.numFailedTestSuites;
  } else if (r.status !== 0) {
    failed += 1;
  }
  console.log(`=== ${layer.name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}
if (failed > 0) exitCode = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode);
