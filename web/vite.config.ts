import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as { version: string };

/** package version + build time (+ git sha when there is one): unique per build, so open tabs notice a deploy. */
function buildVersion(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '.');
  let sha = '';
  try {
    sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // no commit yet (fresh clone or CI tarball): the timestamp alone is unique enough
  }
  return `${pkg.version}+${stamp}${sha ? `.${sha}` : ''}`;
}

const version = buildVersion();

/** Writes dist/version.txt, which the server serves and open consoles poll (SPEC §2.1). */
const versionFile = (): Plugin => ({
  name: 'sitefleet-version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.txt', source: version });
  },
});

const backend = process.env.SITEFLEET_API ?? 'http://127.0.0.1:8080';
const proxied = [
  '/dms',
  '/ums',
  '/nms',
  '/umms',
  '/analytics',
  '/mms',
  '/api',
  '/version.txt',
  '/config.json',
];

export default defineConfig({
  base: './',
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // the shared package's TypeScript source, as its "development" export condition does for Node
    alias: { '@sitefleet/shared': here('../shared/src/index.ts') },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    sourcemap: false,
    // read by scripts/bundle-size.mjs to find the initial load
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    env: { TZ: 'UTC' },
  },
});
