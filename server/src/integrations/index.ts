import { getServers } from 'node:dns';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Integrations } from '../deps.js';
import { DnsClient } from './dns/client.js';
import type { DnsRecord } from './dns/types.js';
import { createDeliveryClients } from './delivery-clients.js';
import { createSafeFetch } from './http/safe-fetch.js';
import { RdapClient } from './rdap/client.js';
import {
  createSearchIndexProvider,
  SEARCH_INDEX_PROVIDERS,
  type SearchIndexProviderName,
} from './serp/index.js';
import { DomainNotFoundError } from './rdap/types.js';
import { WhoisClient } from './whois/client.js';
import { lookupDomainInfo } from './whois/lookup.js';

/** Builds every outside-system client from configuration. */
export function createIntegrations(config: Config): Integrations {
  const guard = { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts };
  const safeFetch = createSafeFetch({ ...guard, userAgent: 'Sitefleet/1.0 (+https://sitefleet.example)' });
  const crawlerFetch = createSafeFetch({ ...guard, userAgent: config.crawlerUserAgent });
  const provider = config.serpProvider as SearchIndexProviderName;
  if (!SEARCH_INDEX_PROVIDERS.includes(provider)) {
    throw new Error(
      `SERP_PROVIDER must be one of ${SEARCH_INDEX_PROVIDERS.join(', ')}, got "${config.serpProvider}"`,
    );
  }
  const searchIndex = createSearchIndexProvider(
    { provider, apiKey: config.serpApiKey, baseUrl: config.serpApiUrl },
    safeFetch,
  );
  const rdap = new RdapClient({
    fetch: safeFetch,
    bootstrapUrl: config.rdapBootstrapUrl,
    // The cache file is named after the bootstrap URL, so a changed URL never reads another's copy.
    bootstrapCacheFile: config.databaseUrl
      ? null
      : path.join(
          config.dataDir,
          `rdap-bootstrap-${createHash('sha256').update(config.rdapBootstrapUrl).digest('hex').slice(0, 12)}.json`,
        ),
    serviceOverrides: config.rdapServiceOverrides,
  });
  const whois = new WhoisClient({ ...guard, hostOverrides: config.whoisServerOverrides });
  const servers = config.dnsServers.length ? config.dnsServers : getServers();
  const dns = new DnsClient({ servers: servers.length ? servers : ['1.1.1.1', '9.9.9.9'] });

  const delivery = createDeliveryClients(config, safeFetch);
  return {
    safeFetch,
    async lookupDomain(name) {
      try {
        return await lookupDomainInfo(name, { rdap, whois });
      } catch (err) {
        if (err instanceof DomainNotFoundError) return null;
        throw err;
      }
    },
    async lookupDns(name) {
      const apex = await dns.lookupAll(name);
      const www: DnsRecord[] = [];
      for (const type of ['CNAME', 'A', 'AAAA'] as const) {
        const found = await dns.lookup(`www.${name}`, type);
        www.push(...found);
        if (type === 'CNAME' && found.length) break;
      }
      return [...apex, ...www];
    },
    crawlerFetch,
    searchIndex,
    mailer: delivery.mailer,
    sms: delivery.sms,
    close: async () => {
      await Promise.all([safeFetch.close(), crawlerFetch.close(), delivery.mailer?.close()]);
    },
  };
}
