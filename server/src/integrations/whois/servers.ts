export interface WhoisServer {
  host: string;
  port: number;
  /** How this server wants the query written (without the CRLF); the bare name when absent. */
  query?: (name: string) => string;
}

/** Registry WHOIS servers of the TLDs in the portfolio, so the IANA referral is only needed for others. */
const HOSTS: Record<string, string> = {
  com: 'whois.verisign-grs.com',
  net: 'whois.verisign-grs.com',
  org: 'whois.publicinterestregistry.org',
  nl: 'whois.sidn.nl',
  uk: 'whois.nic.uk',
  eu: 'whois.eu',
  de: 'whois.denic.de',
  be: 'whois.dns.be',
  se: 'whois.iis.se',
  in: 'whois.registry.in',
  ws: 'whois.nic.ws',
  fm: 'whois.nic.fm',
  jp: 'whois.jprs.jp',
};

/**
 * Query syntax that differs from the bare name, keyed by server host so referrals get it too.
 * DENIC answers the full record only with "-T dn,ace"; JPRS answers in Japanese unless "/e" is appended.
 * Verisign's "domain" keyword keeps it from matching name-server and registrar records.
 */
const QUERY_FORMATS: Record<string, (name: string) => string> = {
  'whois.denic.de': (name) => `-T dn,ace ${name}`,
  'whois.jprs.jp': (name) => `${name}/e`,
  'whois.verisign-grs.com': (name) => `domain ${name}`,
};

export const IANA_WHOIS: WhoisServer = { host: 'whois.iana.org', port: 43 };

export function queryFor(server: WhoisServer, name: string): string {
  const format = server.query ?? QUERY_FORMATS[server.host.toLowerCase()];
  return format ? format(name) : name;
}

/** The committed map; null means "ask whois.iana.org". */
export function defaultWhoisServer(tld: string): WhoisServer | null {
  const host = HOSTS[tld.toLowerCase()];
  return host ? { host, port: 43 } : null;
}
