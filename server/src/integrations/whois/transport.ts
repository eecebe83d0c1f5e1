import net from 'node:net';
import type { AddressPolicy } from '../http/address-policy.js';
import { resolveChecked, type Resolver } from '../http/connector.js';
import { OutboundError } from '../http/errors.js';
import { WhoisError } from './errors.js';

export interface WhoisTransport {
  timeoutMs: number;
  maxBytes: number;
  policy: AddressPolicy;
  resolver: Resolver;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1'); // older ccTLD servers still answer in ISO-8859-1
  }
}

/**
 * One RFC 3912 exchange: connect, send the query and CRLF, read until the server closes. The answer is cut
 * at maxBytes (the registration data sits at the top; the tail is legal boilerplate). The server's address
 * goes through the same guard as HTTP fetches, since referrals name hosts chosen by other servers.
 */
export async function whoisExchange(
  host: string,
  port: number,
  query: string,
  t: WhoisTransport,
): Promise<string> {
  let ip: string;
  try {
    ip = await resolveChecked(host, t.policy, t.resolver);
  } catch (err) {
    const kind = err instanceof OutboundError && err.reason === 'blocked_address' ? 'refused' : 'unavailable';
    throw new WhoisError(kind, err instanceof Error ? err.message : String(err), { cause: err });
  }
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const socket = net.connect({ host: ip, port });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(decode(Buffer.concat(chunks)));
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new WhoisError('unavailable', `${host} did not answer within ${t.timeoutMs} ms`));
    }, t.timeoutMs);
    socket.once('connect', () => socket.write(`${query}\r\n`));
    socket.on('data', (chunk: Buffer) => {
      const room = t.maxBytes - size;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(chunk.length, room);
      if (size >= t.maxBytes) finish();
    });
    socket.once('end', finish);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(new WhoisError('unavailable', `WHOIS ${host}:${port} failed: ${err.message}`, { cause: err }));
    });
  });
}
