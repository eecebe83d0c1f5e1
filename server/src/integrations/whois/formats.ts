import type { DateOrder } from './dates.js';

/**
 * How each registry writes an all-numeric date, from its documented answers. Only these settle whether
 * 11-07-2020 is the 11th of July or the 7th of November; a server not listed gets no guess (see dates.ts).
 * Year-first registries are declared too, so a day/month pair from them is flagged rather than read.
 */
const BY_SERVER: Record<string, DateOrder> = {
  'whois.hkirc.hk': 'dmy', // Expiry Date: 11-07-2026
  'whois.dns.pt': 'dmy', // Expiration Date: 02/03/2026 23:59:00
  'whois.isoc.org.il': 'dmy', // validity: 01-02-2026
  'whois.fi': 'dmy', // expires............: 1.2.2026 00:00:00
  'whois.nic.cz': 'dmy', // expire: 15.08.2026
  'whois.rnids.rs': 'dmy', // Expiration date: 16.05.2026 12:00:00
  'whois.dot.tk': 'mdy', // Record will expire on: 05/11/2026
  'whois.jprs.jp': 'ymd', // [Expires on] 2026/03/31
  'whois.kr': 'ymd', // Expiration Date : 2026. 03. 04.
  'whois.registro.br': 'ymd', // expires: 20260101
  'whois.twnic.net.tw': 'ymd', // Record expires on 2026-06-15
  'whois.nic.at': 'ymd', // changed: 20240101 12:00:00
  'whois.dns.pl': 'ymd', // renewal date: 2026.01.01 13:00:00
};

/** The same by TLD, for when the answer came through a relay or a host name the table does not know. */
const BY_TLD: Record<string, DateOrder> = {
  hk: 'dmy',
  pt: 'dmy',
  il: 'dmy',
  fi: 'dmy',
  cz: 'dmy',
  rs: 'dmy',
  tk: 'mdy',
  ml: 'mdy',
  ga: 'mdy',
  cf: 'mdy',
  gq: 'mdy',
  jp: 'ymd',
  kr: 'ymd',
  br: 'ymd',
  tw: 'ymd',
  at: 'ymd',
  pl: 'ymd',
};

export function dateOrderFor(server: string, tld: string): DateOrder | undefined {
  return BY_SERVER[server.toLowerCase()] ?? BY_TLD[tld.toLowerCase()];
}
