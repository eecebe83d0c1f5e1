import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // dist/.vite holds the build manifest, which is not served
    if (entry.name.startsWith('.')) return [];
    const file = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of the
 * build, so the server sends them as they are (Content-Encoding) instead of compressing on each request.
 * A sibling that would not be smaller is not written: the server then sends the file itself.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'sitefleet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
              },
            }),
            gzipped(source, { level: 9 }),
          ]);
          if (br.length < source.length) writeFileSync(`${file}.br`, br);
          if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
};

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
  plugins: [react(), versionFile(), precompress()],
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
