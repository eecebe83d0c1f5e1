import { createServer, type Server } from 'node:http';

export interface SitePage {
  html: string;
  /** Answers this late (a page the crawler waits for). */
  delayMs?: number;
  status?: number;
}

export interface LocalSite {
  origin: string;
  url: (path: string) => string;
  /** Paths requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
  /** Stops answering (connections refused), and starts again on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

/** A small website on 127.0.0.1 (random port) for the server's crawler and checkers to fetch. */
export async function startSite(pages: Record<string, SitePage>): Promise<LocalSite> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site.test').pathname;
    requests.push(path);
    const page = pages[path];
    const answer = () => {
      if (!page) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(page.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html);
    };
    if (!page?.delayMs) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, page.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the local site has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    close,
    stop: close,
    start: () => new Promise<void>((resolve) => server.listen(address.port, '127.0.0.1', resolve)),
  };
}

/** A whole HTML document around a body. */
export const html = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
