import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A static file server for a link site's releases, as docs/static-sites.md has nginx serve them: the web root
 * is `<site>/current/public` (the link is resolved on every request, so a switch shows at once), `/x/` answers
 * `x/index.html` (or `index.xml` for a feed), `/x` of a folder redirects to `/x/`, and the release's
 * `redirects.json` answers its redirects by the exact path and query asked for.
 */

export interface ReleaseServer {
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'application/xslt+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const INDEXES = ['index.html', 'index.xml', 'index.json', 'index.txt'];

const isFile = async (p: string) => (await stat(p).catch(() => null))?.isFile() === true;
const isDir = async (p: string) => (await stat(p).catch(() => null))?.isDirectory() === true;

export async function serveReleases(siteDir: string): Promise<ReleaseServer> {
  const current = path.join(siteDir, 'current');
  const answer = async (
    uri: string,
  ): Promise<{ status: number; headers: Record<string, string>; body?: Buffer }> => {
    const redirects = JSON.parse(
      await readFile(path.join(current, 'redirects.json'), 'utf8').catch(() => '[]'),
    ) as Array<{ from: string; to: string; status: number }>;
    const redirect = redirects.find((r) => r.from === uri);
    if (redirect) return { status: redirect.status, headers: { location: redirect.to } };
    const url = new URL(uri, 'http://static.test');
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return { status: 400, headers: {} };
    }
    const root = path.join(current, 'public');
    const file = path.join(root, decoded);
    if (!file.startsWith(root)) return { status: 403, headers: {} };
    let found: string | null = null;
    if (decoded.endsWith('/')) {
      for (const index of INDEXES) if (await isFile(path.join(file, index))) found ??= path.join(file, index);
    } else if (await isFile(file)) found = file;
    else if (await isDir(file))
      return { status: 301, headers: { location: `${url.pathname}/${url.search}` } };
    if (!found)
      return { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not found') };
    const type = TYPES[path.extname(found).toLowerCase()] ?? 'application/octet-stream';
    return { status: 200, headers: { 'content-type': type }, body: await readFile(found) };
  };
  const server: Server = createServer((req, res) => {
    answer(req.url ?? '/').then(
      (a) => res.writeHead(a.status, a.headers).end(a.body),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
