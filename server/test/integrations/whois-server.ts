import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface LocalWhoisServer {
  port: number;
  /** Every query line received, without the CRLF. */
  queries: string[];
  close(): Promise<void>;
}

/**
 * A port-43 style server on 127.0.0.1: reads one CRLF-terminated query, writes the answer and closes.
 * A responder returning null keeps the connection open without answering (a hung server).
 */
export async function startWhoisServer(
  respond: (query: string) => string | Buffer | null,
): Promise<LocalWhoisServer> {
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\r\n');
      if (end < 0) return;
      const query = buffered.slice(0, end);
      queries.push(query);
      const answer = respond(query);
      if (answer !== null) socket.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
