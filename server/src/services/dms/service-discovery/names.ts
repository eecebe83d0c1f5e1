import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { isOutboundError } from '../../../integrations/http/errors.js';
import { parseTarget } from '../../../integrations/http/target.js';

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/**
 * A host name as stored and asked about: lower case, ASCII (Punycode), no trailing dot; with `allowIp`, an IP
 * address in its canonical form. Null when it is neither (one label alone, a space, a URL).
 */
export function normaliseHost(raw: string, allowIp: boolean): string | null {
  const text = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIP(text)) {
    if (!allowIp) return null;
    const canonical = new URL(`http://${isIP(text) === 6 ? `[${text}]` : text}`).hostname;
    return canonical.replace(/^\[(.*)\]$/, '$1');
  }
  const name = domainToASCII(text.replace(/\.$/, '').toLowerCase());
  if (!name || name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  return name;
}

/** A DNS type's location: a name, or the host of a URL or `name/path` given for it. */
export function normaliseRecordName(raw: string): string | null {
  const host = raw
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, '');
  return normaliseHost(host, false);
}

/** An HTTP type's location: an http(s) URL (https:// when no scheme), a port a probe may use, no credentials. */
export function normaliseServiceUrl(raw: string): { url: string; host: string } | { error: string } {
  const text = raw.trim();
  try {
    const target = parseTarget(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    const host = normaliseHost(target.hostname, true);
    if (host === null) return { error: 'Enter a URL whose host is a host name or an IP address' };
    return { url: target.url.href, host };
  } catch (err) {
    return { error: isOutboundError(err) ? err.message : 'Enter an http(s) URL' };
  }
}

/** The URL's host in the form hostnames are stored in (IPv6 without brackets). */
export const urlHost = (url: string): string => normaliseHost(new URL(url).hostname, true) ?? '';
