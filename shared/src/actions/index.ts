/** Every declared custom route, by service. */
export * as backlinks from './backlinks.js';
export * as dms from './dms.js';
export * as footprint from './footprint.js';
export * as jobs from './jobs.js';
export * as mms from './mms.js';
export * as nms from './nms.js';
export * as providers from './providers.js';
export * as seo from './seo.js';
export * as seoScreens from './seo-screens.js';
export * as serviceDiscovery from './service-discovery.js';
export * as system from './system.js';
export * as umms from './umms.js';
export * as ums from './ums.js';
export * as wordpress from './wordpress.js';
