import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import * as sharedActions from '../shared/src/actions/index.js';

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

/** The chunk of the websites list, which nearly every screen also loads (codeSplitting below). */
const SCREENS_CHUNK = 'websites-list';

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

/** What the console reads of an action at run time (providers/actions.ts, permissions.ts). */
const ROUTE_KEYS = [
  'method',
  'path',
  'service',
  'access',
  'kind',
  'permissionAs',
  'consumes',
  'produces',
  // an import's declaration: the dialog reads the file with its columns (shared/src/imports.ts)
  'import',
];

/**
 * An action declaration with only what the console reads at run time: its request and response schemas
 * type the console's code when it compiles (and check the test doubles), but the browser never runs them.
 */
function routeOnly(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('method' in value) || !('path' in value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => ROUTE_KEYS.includes(k)));
}

/**
 * The console's build gets the declared actions (shared/src/actions) as the data they are, evaluated here at
 * build time, as plain data and without their schemas (routeOnly): callAction and mayCall take the method,
 * path and access, and the types come from the declarations themselves. So TypeBox, which builds the
 * schemas, and the schemas, which the console never runs, stay out of the first file the browser loads
 * (about 240 kB before minification). Unused exports are dropped as usual.
 */
const compactActions = (): Plugin => {
  const dir = here('../shared/src/actions/');
  // The namespaces of actions/index.ts and their files: `export * as seoScreens from './seo-screens.js'`.
  const files = new Map(
    [
      ...readFileSync(join(dir, 'index.ts'), 'utf8').matchAll(/export \* as (\w+) from '\.\/([\w-]+)\.js'/g),
    ].map(([, name, file]) => [name!, join(dir, `${file!}.ts`)]),
  );
  const modules = new Map(
    Object.entries(sharedActions).map(([name, mod]) => {
      const file = files.get(name);
      if (!file) throw new Error(`actions/index.ts: no file for the namespace ${name}`);
      return [file, mod];
    }),
  );
  return {
    name: 'sitefleet-compact-actions',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const mod = modules.get(id);
      if (!mod) return null;
      return Object.entries(mod)
        .map(([key, declared]) => {
          const value = routeOnly(declared);
          const json = JSON.stringify(value, (k, v: unknown) => {
            if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint')
              throw new Error(
                `${id}: ${key}${k ? `.${k}` : ''} is not plain data, the console build cannot inline it`,
              );
            return v;
          });
          return `export const ${key} = /* @__PURE__ */ JSON.parse(${JSON.stringify(json)});`;
        })
        .join('\n');
    },
  };
};

/**
 * A `<link rel="modulepreload">` in index.html for the screens' chunk (the websites list and what nearly
 * every screen needs beyond the start; see codeSplitting below), so that it downloads alongside the entry
 * instead of after the entry has run and asked for its first screen.
 */
const preloadScreens = (): Plugin => ({
  name: 'sitefleet-preload-screens',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === SCREENS_CHUNK);
      if (!chunk) throw new Error(`no ${SCREENS_CHUNK} chunk in the build`);
      return [
        {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` },
          injectTo: 'head',
        },
      ];
    },
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
  plugins: [compactActions(), react(), versionFile(), preloadScreens(), precompress()],
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
    chunkSizeWarningLimit: 1200,
    sourcemap: false,
    // read by scripts/bundle-size.mjs to find the initial load
    manifest: true,
    rolldownOptions: {
      output: {
        // Few, larger files for the first screen: every response costs its headers and a round on one of the
        // browser's six connections, and small files compress worse. Left to itself the bundler splits
        // modules by the set of screens that use them: 39 files for the start and 45 more, most under 2 kB,
        // for the websites list.
        codeSplitting: {
          groups: [
            // everything the start needs (the entry and its static imports, after tree-shaking): one file
            { name: 'app', tags: ['$initial'], priority: 3 },
            // the websites list, the console's first screen, with everything it needs beyond the start
            {
              name: SCREENS_CHUNK,
              test: /[\\/]src[\\/]resources[\\/]websites[\\/]WebsiteList\.tsx$/,
              priority: 2,
            },
            // the other lists with what they need beyond that: one more file, shared by all of them
            { name: 'lists', test: /[\\/]src[\\/]resources[\\/][\w-]+[\\/]\w+List\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    env: { TZ: 'UTC' },
  },
});
