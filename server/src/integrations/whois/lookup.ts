import type { RdapClient } from '../rdap/client.js';
import { RdapError } from '../rdap/errors.js';
import type { DomainInfo } from '../rdap/types.js';
import type { WhoisClient } from './client.js';

export interface DomainInfoSources {
  rdap: Pick<RdapClient, 'lookupDomain'>;
  whois: Pick<WhoisClient, 'lookupDomain'>;
}

/**
 * RDAP first (the required service for gTLDs, structured data); WHOIS when the TLD has no RDAP service or
 * the RDAP server cannot be reached. A "not registered" answer from RDAP is final and is not second-guessed.
 */
export async function lookupDomainInfo(name: string, sources: DomainInfoSources): Promise<DomainInfo> {
  let info: DomainInfo | null;
  try {
    info = await sources.rdap.lookupDomain(name);
  } catch (err) {
    if (err instanceof RdapError && err.kind === 'unavailable') return sources.whois.lookupDomain(name);
    throw err;
  }
  return info ?? sources.whois.lookupDomain(name);
}
