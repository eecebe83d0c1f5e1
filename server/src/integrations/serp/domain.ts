import { SerpError } from './errors.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Checks an ASCII (punycode) domain and returns it lower case without a trailing dot. A leading "www." is
 * kept: `site:www.example.com` and `site:example.com` are different questions.
 */
export function siteDomain(input: string, provider: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.');
  const valid =
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    !/^\d+$/.test(labels[labels.length - 1]!);
  if (!valid)
    throw new SerpError('invalid_domain', `"${input.slice(0, 100)}" is not an ASCII domain name`, {
      provider,
    });
  return domain;
}

/** The host of an http(s) URL, lower case without a trailing dot; null for anything else. */
function hostOf(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Whether a result URL is on the domain or one of its subdomains (a `site:` query can return noise). */
export function isOnDomain(link: string, domain: string): boolean {
  const host = hostOf(link);
  return host !== null && (host === domain || host.endsWith(`.${domain}`));
}
