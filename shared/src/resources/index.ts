export { tags } from './tags.js';
export { users } from './users.js';
export { roles } from './roles.js';
export { permissions } from './permissions.js';
export { auditLog } from './audit-log.js';
export { websites } from './websites.js';
export { domains } from './domains.js';
export { dnsRecords, dnsRecordChanges } from './dns-records.js';
export { registrars, registrants, nameservers } from './registrars.js';
export { servers, ipAddresses, proxyServers, repositories, envs } from './hosting.js';
export { cronJobs, indexedHistory, websitePages, websiteLinks } from './jobs.js';
export { notifications } from './notifications.js';
export { monitors } from './monitors.js';
export {
  wpSites,
  plugins,
  installedPlugins,
  themes,
  installedThemes,
  wpUsers,
  posts,
  sitemaps,
  publicProductsLimited,
} from './wordpress.js';
export {
  ahrefsMetrics,
  lighthouseMetrics,
  gaProperties,
  accurankerDomains,
  accurankerKeywords,
  accurankerNotifications,
  earnings,
} from './seo.js';
export { analyticsRequests } from './analytics.js';
export {
  affiliateLinks,
  anchorWordStats,
  disavowedDomains,
  dmLinks,
  externalBacklinks,
  externalBacklinkStatus,
  linkNetwork,
} from './backlinks.js';
export { linkProviderWebsites, marketplaceProviders } from './providers.js';
export { serviceDiscovery } from './service-discovery.js';
export { staticReleases, staticSites } from './static-sites.js';
export { openAiContent, narrativaSchedules } from './content.js';
export { tasks } from './tasks.js';
export { websiteDrafts } from './wizard.js';
