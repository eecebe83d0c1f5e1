#!/usr/bin/env node
// Prints the size of the console's initial load: the entry chunk, every chunk it imports statically
// (transitively) and their CSS, raw and as served: the gzip and brotli files the build writes beside each
// file (computed here when a build has none). Lazy screens and the xlsx writer are not counted. The budget
// is on gzip, the encoding every client accepts.
// Usage: node scripts/bundle-size.mjs [--max-kb 350]   (run `npm run build -w web` first)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** The size a client accepting `ext` receives: the build's sibling file, else the file as it is. */
const served = (file, ext, compress) => {
  const sibling = join(dist, `${file}.${ext}`);
  if (existsSync(sibling)) return readFileSync(sibling).length;
  const raw = readFileSync(join(dist, file));
  return Math.min(raw.length, compress(raw).length);
};
const gz = (file) => served(file, 'gz', (raw) => gzipSync(raw, { level: 9 }));
const br = (file) =>
  served(file, 'br', (raw) =>
    brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
const rows = [...files].map((file) => ({
  file,
  raw: readFileSync(join(dist, file)).length,
  gzip: gz(file),
  br: br(file),
}));
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const row of rows)
  console.log(
    `${kb(row.br).padStart(10)} br ${kb(row.gzip).padStart(10)} gzip ${kb(row.raw).padStart(10)} raw  ${row.file}`,
  );
const sum = (key) => rows.reduce((total, r) => total + r[key], 0);
const total = sum('gzip');
console.log(
  `initial load: ${kb(sum('br'))} br, ${kb(total)} gzip, ${kb(sum('raw'))} raw in ${rows.length} files (budget ${maxKb} kB gzip)`,
);
if (total > maxKb * 1024) {
  console.error(`over budget by ${kb(total - maxKb * 1024)}`);
  process.exit(1);
}
