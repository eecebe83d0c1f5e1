import type { Config } from '../config.js';
import type { AppResource } from '../deps.js';
import { cronRunResources } from '../jobs/cron-runs.js';
import type { JobEngine } from '../jobs/engine.js';
import { domainsResource } from './dms/domains.js';
import {
  dnsRecordChangesResource,
  dnsRecordsResource,
  envsResource,
  ipAddressesResource,
  proxyServersResource,
  repositoriesResource,
  serversResource,
} from './dms/hosting.js';
import { nameserversResource, registrantsResource, registrarsResource } from './dms/registrars.js';
import { indexedHistoryResource, websiteLinksResource, websitePagesResource } from './dms/scans.js';
import {
  accurankerDomainsResource,
  accurankerKeywordsResource,
  ahrefsMetricsResource,
  earningsResource,
  gaPropertiesResource,
  lighthouseMetricsResource,
} from './dms/seo-screens/resources.js';
import { accurankerNotificationsResource } from './dms/seo-screens/notifications.js';
import { externalBacklinksResource, externalBacklinkStatusResource } from './dms/backlinks/resources.js';
import { affiliateLinksResource } from './dms/backlinks/affiliate.js';
import { anchorWordStatsResource } from './dms/backlinks/anchors.js';
import { disavowedDomainsResource } from './dms/backlinks/disavow.js';
import { dmLinksResource } from './dms/backlinks/dm-links.js';
import { linkNetworkResource } from './dms/backlinks/network.js';
import { serviceDiscoveryResource } from './dms/service-discovery/resource.js';
import { staticReleasesResource, staticSitesResource } from './dms/static-site/resources.js';
import { narrativaSchedulesResource, openAiContentResource } from './dms/content/resources.js';
import { linkProviderWebsitesResource, marketplaceProvidersResource } from './dms/providers/resources.js';
import { tagsResource } from './dms/tags.js';
import { tasksResource } from './dms/tasks/resource.js';
import { websiteDraftsResource } from './dms/wizard/resource.js';
import { notificationsResource } from './nms/notifications.js';
import { monitorsResource } from './umms/monitors.js';
import { websitesResource } from './dms/websites.js';
import {
  installedPluginsResource,
  installedThemesResource,
  pluginsResource,
  postsResource,
  publicProductsLimitedResource,
  sitemapsResource,
  themesResource,
  wpSitesResource,
  wpUsersResource,
} from './dms/wordpress/resources.js';
import { analyticsRequestsResource } from './dms/seo/requests.js';
import { auditLogResource } from './ums/audit-log.js';
import { permissionsResource } from './ums/permissions.js';
import { rolesResource } from './ums/roles.js';
import { usersResource } from './ums/users.js';

/** Every resource the server offers, in one list. Adding a resource is one line here plus its migration. */
export function allResources(config: Config, jobs: () => JobEngine): AppResource[] {
  return [
    ...cronRunResources(jobs),
    usersResource(config),
    rolesResource,
    permissionsResource,
    auditLogResource,
    tagsResource,
    websitesResource,
    domainsResource,
    dnsRecordsResource,
    dnsRecordChangesResource,
    registrarsResource,
    registrantsResource,
    nameserversResource,
    serversResource,
    ipAddressesResource,
    proxyServersResource,
    repositoriesResource,
    envsResource,
    indexedHistoryResource,
    websitePagesResource,
    websiteLinksResource,
    notificationsResource,
    monitorsResource(config),
    wpSitesResource,
    pluginsResource,
    installedPluginsResource,
    themesResource,
    installedThemesResource,
    wpUsersResource,
    postsResource,
    sitemapsResource,
    publicProductsLimitedResource,
    ahrefsMetricsResource,
    lighthouseMetricsResource,
    gaPropertiesResource,
    accurankerDomainsResource,
    accurankerKeywordsResource,
    accurankerNotificationsResource,
    earningsResource,
    analyticsRequestsResource,
    externalBacklinksResource,
    externalBacklinkStatusResource,
    disavowedDomainsResource,
    affiliateLinksResource,
    anchorWordStatsResource,
    linkNetworkResource,
    dmLinksResource,
    serviceDiscoveryResource,
    staticSitesResource,
    staticReleasesResource,
    narrativaSchedulesResource,
    openAiContentResource,
    tasksResource,
    websiteDraftsResource,
    linkProviderWebsitesResource,
    marketplaceProvidersResource,
  ];
}
