import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalHttpServer {
  port: number;
  origin: string;
  /** TCP connections accepted so far. */
  connections: () => number;
  close(): Promise<void>;
}

/** An HTTP server on a loopback address that counts every TCP connection it accepts. */
export async function startHttpServer(
  handler: http.RequestListener,
  host = '127.0.0.1',
): Promise<LocalHttpServer> {
  const server = http.createServer(handler);
  let count = 0;
  server.on('connection', () => {
    count += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://${host}:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
