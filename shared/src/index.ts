export * from './constants.js';
export * from './errors.js';
export * from './api.js';
export * from './fields.js';
export * from './filters.js';
export * as resources from './resources/index.js';
export * from './domain-names.js';
export * from './csv.js';
export * from './imports.js';
export * from './jobs.js';
export * from './rich-text.js';
export * from './contacts.js';
export * from './currencies.js';
export * from './backlinks.js';
export * from './footprint.js';
export * from './service-discovery.js';
export * from './static-site.js';
export type { MonitorAlert, MonitorChange, MonitorUptime } from './resources/monitors.js';
export {
  PLUGIN_OPERATIONS,
  WP_CONNECTION_STATES,
  WP_POST_STATUSES,
  WP_POST_TYPES,
  type PluginOperation,
} from './resources/wordpress.js';
export * from './actions/define.js';
export * as actions from './actions/index.js';
export type * from './actions/types.js';
export * from './seo.js';
export {
  DEVICES,
  GA_METRICS,
  KEYWORD_MIN_VOLUME,
  KEYWORD_PANEL_ROWS,
  RECENT_LINKS,
  SEARCH_DIMENSIONS,
  TOP_PAGES,
  type Device,
  type GaMetric,
} from './actions/seo.js';
export * from './conversions.js';
export * from './tasks.js';
export * from './wizard.js';
export {
  CONTENT_FORM_TYPES,
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGES,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  CONTENT_STATUS_LABELS,
  FREQUENCY_UNITS,
  NARRATIVA_LANGUAGES,
  WEEKDAYS,
  WEEKDAY_LABELS,
  WRITING_TONES,
  WRITING_TONE_LABELS,
  type ContentFormType,
  type ContentLanguage,
  type ContentStatus,
  type FrequencyUnit,
  type NarrativaLanguage,
  type Weekday,
  type WritingTone,
} from './resources/content.js';
