#!/usr/bin/env node
// Prints the gzip size of the console's initial load: the entry chunk, every chunk it imports
// statically (transitively) and their CSS. Lazy screens and the xlsx writer are not counted.
// Usage: node scripts/bundle-size.mjs [--max-kb 350]   (run `npm run build -w web` first)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const maxArg = process.argv.indexOf('--max-kb');
const maxKb = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 350;

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('dist/.vite/manifest.json not found: run `npm run build -w web` first.');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const files = new Set(['index.html']);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...files].map((file) => ({ file, raw: readFileSync(join(dist, file)).length, gzip: gz(file) }));
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const row of rows)
  console.log(`${kb(row.gzip).padStart(10)} gzip ${kb(row.raw).padStart(10)} raw  ${row.file}`);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`initial load: ${kb(total)} gzip in ${rows.length} files (budget ${maxKb} kB)`);
if (total > maxKb * 1024) {
  console.error(`over budget by ${kb(total - maxKb * 1024)}`);
  process.exit(1);
}
