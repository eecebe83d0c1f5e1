import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { resources } from '@sitefleet/shared';
import { accurankerDomains } from './accuranker-domains';
import { affiliateLinks } from './affiliate-links';
import { ahrefsMetrics } from './ahrefs-metrics';
import { analyticsRequests } from './analytics-requests';
import { auditLog } from './audit-log';
import { cronJobs } from './cron-jobs';
import { disavowedDomains } from './disavowed-domains';
import { dnsRecords } from './dns-records';
import { domains } from './domains';
import { earnings } from './earnings';
import { envs } from './envs';
import { anchorWordStats, dmLinks, externalBacklinks, externalBacklinkStatus } from './external-backlinks';
import { gaProperties } from './ga-properties';
import { installedPlugins } from './installed-plugins';
import { ipAddresses } from './ip-addresses';
import { linkProviderWebsites, marketplaceProviders } from './link-provider-websites';
import { lighthouseMetrics } from './lighthouse-metrics';
import { monitors } from './monitors';
import { nameservers } from './nameservers';
import { notifications } from './notifications';
import { permissions } from './permissions';
import { plugins } from './plugins';
import { posts } from './posts';
import { proxyServers } from './proxy-servers';
import { publicProductsLimited } from './public-products-limited';
import { registrants } from './registrants';
import { registrars } from './registrars';
import { repositories } from './repositories';
import { roles } from './roles';
import { servers } from './servers';
import { serviceDiscovery } from './service-discovery';
import { openAiContent } from './open-ai-content';
import { narrativaSchedules } from './narrativa-schedules';
import { sitemaps } from './sitemaps';
import { tasks } from './tasks';
import { themes } from './themes';
import { defineScreens, type ResourceDef } from './types';
import { users } from './users';
import { websites } from './websites';
import { wpSites } from './wp-sites';
import { wpUsers } from './wp-users';

/**
 * Every console resource; one line each. The menu (in this order within a group) and the routes are built
 * from it. A plain resource is only its declaration here: its screens are derived (tags).
 */
export const RESOURCES: ResourceDef[] = [
  websites,
  domains,
  dnsRecords,
  registrars,
  registrants,
  nameservers,
  defineScreens(resources.tags, { icon: LocalOfferOutlined, group: 'Websites' }),
  plugins,
  themes,
  wpUsers,
  posts,
  publicProductsLimited,
  wpSites,
  installedPlugins,
  sitemaps,
  ahrefsMetrics,
  lighthouseMetrics,
  gaProperties,
  accurankerDomains,
  earnings,
  externalBacklinks,
  externalBacklinkStatus,
  anchorWordStats,
  dmLinks,
  disavowedDomains,
  affiliateLinks,
  serviceDiscovery,
  openAiContent,
  narrativaSchedules,
  tasks,
  linkProviderWebsites,
  marketplaceProviders,
  analyticsRequests,
  notifications,
  monitors,
  servers,
  ipAddresses,
  proxyServers,
  envs,
  ...cronJobs,
  repositories,
  users,
  roles,
  permissions,
  auditLog,
];

/** Whether a resource's screens exist in this build (other screens only call APIs that have one). */
export const hasResource = (name: string) => RESOURCES.some((r) => r.name === name);
