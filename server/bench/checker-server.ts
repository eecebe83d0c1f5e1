import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helperInput, serveUntilClosed } from './support/local-pages.js';

export interface CorpusServerData {
  pages: Array<{ path: string; html: string }>;
}

/**
 * Serves the corpus from its own thread (support/local-pages.ts), as a remote site would from its own
 * machine: each page's bytes prepared once, sent uncompressed with a content length, keep-alive. Announces
 * its port, and closes when the bench says so.
 */
function main({ pages }: CorpusServerData): void {
  const bodies = new Map(pages.map((p) => [p.path, Buffer.from(p.html, 'utf8')]));
  const server = createServer((req, res) => {
    const body = req.method === 'GET' ? bodies.get(req.url ?? '') : undefined;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    serveUntilClosed(
      { port: (server.address() as AddressInfo).port },
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
  });
}

main(helperInput<CorpusServerData>());
