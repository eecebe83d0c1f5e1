import dgram from 'node:dgram';
import net from 'node:net';
import { sameAddress, type DnsServer } from './server-address.js';
import { DnsError } from './types.js';

const timeoutError = (server: DnsServer, ms: number, via: string) =>
  new DnsError('timeout', `No ${via} answer from ${server.label} within ${ms} ms`);

/**
 * One UDP exchange. Only a datagram from the server's own address and port carrying the query's id is
 * accepted, so a spoofed or stray packet is ignored rather than believed.
 */
export function udpExchange(server: DnsServer, query: Buffer, timeoutMs: number): Promise<Buffer> {
  const id = query.readUInt16BE(0);
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(server.family === 6 ? 'udp6' : 'udp4');
    const done = (fn: () => void) => {
      clearTimeout(timer);
      socket.close();
      fn();
    };
    const timer = setTimeout(() => done(() => reject(timeoutError(server, timeoutMs, 'UDP'))), timeoutMs);
    socket.on('message', (msg, rinfo) => {
      if (msg.length < 12 || msg.readUInt16BE(0) !== id) return;
      if (rinfo.port !== server.port || !sameAddress(rinfo.address, server.host)) return;
      done(() => resolve(msg));
    });
    socket.on('error', (err) =>
      done(() =>
        reject(new DnsError('network', `UDP to ${server.label} failed: ${err.message}`, { cause: err })),
      ),
    );
    socket.send(query, server.port, server.host);
  });
}

/** One TCP exchange (RFC 1035 §4.2.2: two-byte length prefix), used when the UDP answer was truncated. */
export function tcpExchange(server: DnsServer, query: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: server.host, port: server.port });
    let buffered = Buffer.alloc(0);
    const done = (fn: () => void) => {
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    const timer = setTimeout(() => done(() => reject(timeoutError(server, timeoutMs, 'TCP'))), timeoutMs);
    socket.once('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2) return;
      const size = buffered.readUInt16BE(0);
      if (buffered.length >= size + 2) done(() => resolve(buffered.subarray(2, size + 2)));
    });
    socket.once('end', () =>
      done(() => reject(new DnsError('network', `${server.label} closed the TCP connection`))),
    );
    socket.once('error', (err) =>
      done(() =>
        reject(new DnsError('network', `TCP to ${server.label} failed: ${err.message}`, { cause: err })),
      ),
    );
  });
}
