export {
  ACCURANKER_BASE_URL,
  AccurankerClient,
  DEFAULT_PAGE_SIZE,
  DOMAIN_FIELDS,
  KEYWORD_FIELDS,
  type AccurankerClientOptions,
  type KeywordQuery,
} from './client.js';
export { MAX_PERIOD_DAYS, periodWindows } from './period.js';
export { AccurankerError, isAccurankerError, type AccurankerErrorKind } from './errors.js';
export type * from './types.js';
