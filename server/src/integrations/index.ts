import { readFileSync } from 'node:fs';
import { getServers } from 'node:dns';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Integrations } from '../deps.js';
import { DnsClient } from './dns/client.js';
import { createJudgePool } from './link-check/judge-pool.js';
import { resolveHost } from './dns/resolve.js';
import type { DnsRecord } from './dns/types.js';
import { AccurankerClient } from './accuranker/index.js';
import { createAhrefsClient } from './ahrefs/index.js';
import { createRunCloudClient } from './runcloud/index.js';
import { createNamecheapClient } from './namecheap/index.js';
import { createCloudflareClient } from './cloudflare/index.js';
import { createDeliveryClients } from './delivery-clients.js';
import { createGa4Client } from './ga4/index.js';
import { createOpenAi, trustedHosts } from './openai/index.js';
import { createAddressPolicy } from './http/address-policy.js';
import { runLighthouse } from './lighthouse/index.js';
import { createSearchConsoleClient } from './search-console/index.js';
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

/** GOOGLE_SERVICE_ACCOUNT: the key file's JSON itself, or a path to it. */
function serviceAccountKey(value: string | null): string | null {
  if (!value) return null;
  const text = value.trim();
  if (text.startsWith('{')) return text;
  try {
    return readFileSync(text, 'utf8');
  } catch (err) {
    throw new Error(`GOOGLE_SERVICE_ACCOUNT: cannot read the key file ${text}`, { cause: err });
  }
}

/** Builds every outside-system client from configuration. */
export function createIntegrations(config: Config): Integrations {
  const guard = { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts };
  const userAgent = 'Sitefleet/1.0 (+https://sitefleet.example)';
  const safeFetch = createSafeFetch({ ...guard, userAgent });
  const crawlerFetch = createSafeFetch({ ...guard, userAgent: config.crawlerUserAgent });
  const linkJudge = createJudgePool(config.linkCheckThreads);
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
    // Where checks may reach private addresses, a private network's own RDAP service may hold them.
    specialAddresses: config.outboundAllowPrivate,
  });
  const whois = new WhoisClient({ ...guard, hostOverrides: config.whoisServerOverrides });
  const servers = config.dnsServers.length ? config.dnsServers : getServers();
  const dns = new DnsClient({ servers: servers.length ? servers : ['1.1.1.1', '9.9.9.9'] });
  const probeFetch = createSafeFetch({
    ...guard,
    userAgent,
    lookup: async (host) => (await resolveHost(dns, host)).addresses,
  });

  const delivery = createDeliveryClients(config, safeFetch);
  // Its own guarded client: the configured generator may live on this machine (Ollama) without opening
  // loopback to the URLs users supply.
  const openaiFetch = createSafeFetch({
    ...guard,
    allowHosts: [...guard.allowHosts, ...trustedHosts(config.openai.baseUrl)],
    userAgent,
  });
  const openai = createOpenAi(config.openai, openaiFetch);
  const { seo } = config;
  const accuranker = seo.accurankerToken
    ? new AccurankerClient({
        token: seo.accurankerToken,
        safeFetch,
        ...(seo.accurankerUrl ? { baseUrl: seo.accurankerUrl } : {}),
      })
    : null;
  const ahrefs = createAhrefsClient({ apiKey: seo.ahrefsKey, baseUrl: seo.ahrefsUrl }, safeFetch);
  const runcloud = createRunCloudClient(
    { token: config.runcloud.token, baseUrl: config.runcloud.baseUrl },
    safeFetch,
  );
  // The launch wizard's registrar and DNS provider: configured endpoints, like the generator's.
  const launchFetch = createSafeFetch({
    ...guard,
    allowHosts: [
      ...guard.allowHosts,
      ...trustedHosts(config.namecheap.baseUrl),
      ...trustedHosts(config.cloudflare.baseUrl),
    ],
    userAgent,
  });
  const namecheap = createNamecheapClient(config.namecheap, launchFetch);
  const cloudflare = createCloudflareClient(config.cloudflare, launchFetch);
  const googleKey = serviceAccountKey(seo.googleServiceAccount);
  const ga4 = createGa4Client(
    {
      serviceAccountKey: googleKey,
      dataBaseUrl: seo.ga4DataUrl,
      adminBaseUrl: seo.ga4AdminUrl,
      tokenUrl: seo.googleTokenUrl,
    },
    safeFetch,
  );
  const searchConsole = createSearchConsoleClient(
    { serviceAccountKey: googleKey, baseUrl: seo.searchConsoleUrl, tokenUrl: seo.googleTokenUrl },
    safeFetch,
  );
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
    lookupIpNetwork: (address) => rdap.lookupIpNetwork(address),
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
    linkJudge,
    dns,
    probeFetch,
    searchIndex,
    accuranker,
    ahrefs,
    runcloud,
    namecheap,
    cloudflare,
    ga4,
    searchConsole,
    lighthouse: (url, device) =>
      runLighthouse(url, { device, chromePath: seo.chromePath, policy: createAddressPolicy(guard) }),
    mailer: delivery.mailer,
    sms: delivery.sms,
    openai,
    close: async () => {
      await Promise.all([
        safeFetch.close(),
        crawlerFetch.close(),
        linkJudge.close(),
        probeFetch.close(),
        openaiFetch.close(),
        launchFetch.close(),
        delivery.mailer?.close(),
      ]);
    },
  };
}
