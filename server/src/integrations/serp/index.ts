import type { SafeFetch } from '../http/safe-fetch.js';
import { DataForSeoProvider } from './dataforseo.js';
import { SerpApiProvider } from './serpapi.js';
import type { SearchIndexProvider } from './types.js';

export { SerpError, type SerpErrorKind } from './errors.js';
export type { SearchIndexProvider, SiteIndexResult } from './types.js';

export const SEARCH_INDEX_PROVIDERS = ['serpapi', 'dataforseo'] as const;
export type SearchIndexProviderName = (typeof SEARCH_INDEX_PROVIDERS)[number];

export interface SearchIndexConfig {
  provider: SearchIndexProviderName;
  /** SerpApi: the API key. DataForSEO: "login:password". Empty or missing: the check is not configured. */
  apiKey: string | null | undefined;
  /** Null or missing: the provider's public endpoint. */
  baseUrl?: string | null;
  timeoutMs?: number;
}

type Factory = (key: string, config: SearchIndexConfig, safeFetch: SafeFetch) => SearchIndexProvider;

const common = (config: SearchIndexConfig, safeFetch: SafeFetch) => ({
  safeFetch,
  ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
  ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
});

const FACTORIES: Record<SearchIndexProviderName, Factory> = {
  serpapi: (apiKey, config, safeFetch) => new SerpApiProvider({ apiKey, ...common(config, safeFetch) }),
  dataforseo: (key, config, safeFetch) => {
    const colon = key.indexOf(':');
    if (colon < 1 || colon === key.length - 1)
      throw new Error('The DataForSEO credentials must be given as "login:password"');
    const credentials = { login: key.slice(0, colon), password: key.slice(colon + 1) };
    return new DataForSeoProvider({ ...credentials, ...common(config, safeFetch) });
  },
};

/** The configured search-index provider, or null when no key is set (the deindex check is then unavailable). */
export function createSearchIndexProvider(
  config: SearchIndexConfig,
  safeFetch: SafeFetch,
): SearchIndexProvider | null {
  const key = config.apiKey?.trim();
  if (!key) return null;
  const factory = FACTORIES[config.provider];
  if (!factory) throw new Error(`Unknown search-index provider "${String(config.provider)}"`);
  return factory(key, config, safeFetch);
}
