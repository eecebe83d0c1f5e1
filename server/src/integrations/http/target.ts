import { isIP } from 'node:net';
import { OutboundError } from './errors.js';

export interface Target {
  url: URL;
  /** Host without IPv6 brackets. */
  hostname: string;
  /** Set when the host is an IP literal (in the canonical form the URL parser produced). */
  ip: string | null;
  port: number;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Ports a fetch may use: the two web ports and the unprivileged range, never another well-known service. */
export const isAllowedPort = (port: number): boolean =>
  port === 80 || port === 443 || (port >= 1024 && port <= 65535);

/**
 * Parses and vets a URL before anything is resolved or connected. The WHATWG parser already folds the
 * odd IPv4 spellings (2130706433, 0x7f000001, 0177.0.0.1, 127.1) into dotted quads, so IP literals reach
 * the address check in canonical form.
 */
export function parseTarget(raw: string, base?: string): Target {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError('bad_url', `Not a valid URL: ${raw.slice(0, 200)}`);
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined)
    throw new OutboundError('bad_url', `Only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password)
    throw new OutboundError('bad_url', 'URLs with credentials (user:password@) are refused');
  const port = url.port ? Number(url.port) : defaultPort;
  if (!isAllowedPort(port)) throw new OutboundError('bad_url', `Port ${port} is not allowed`);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!hostname) throw new OutboundError('bad_url', 'The URL has no host');
  url.hash = '';
  return { url, hostname, ip: isIP(hostname) ? hostname : null, port };
}
