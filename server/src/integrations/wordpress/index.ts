export {
  COMPANION_NAMESPACE,
  createWordPressClient,
  MAX_PAGES,
  PER_PAGE,
  pluginRoute,
  safeFilename,
  WordPressClient,
} from './client.js';
export { COMPANION_ACTIONS, GENERATOR_VERSION } from './companion.js';
export type { WpStaticUrl } from './static-urls.js';
export { parseOpcache, type WpOpcache } from './opcache.js';
export { isWordPressError, siteLabel, WordPressError, type WordPressErrorKind } from './errors.js';
export { countOutboundLinks, countWords, postStatistic } from './post-stats.js';
export * from './sso.js';
export { normaliseSiteUrl, type WordPressClientOptions } from './transport.js';
export type * from './types.js';
