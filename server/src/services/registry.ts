import type { Config } from '../config.js';
import type { ServerResource } from '../core/resource.js';
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
import { tagsResource } from './dms/tags.js';
import { websitesResource } from './dms/websites.js';
import { permissionsResource } from './ums/permissions.js';
import { rolesResource } from './ums/roles.js';
import { usersResource } from './ums/users.js';

/** Every resource the server offers, in one list. Adding a resource is one line here plus its migration. */
export function allResources(config: Config): ServerResource[] {
  return [
    usersResource(config.allowedGoogleDomains),
    rolesResource,
    permissionsResource,
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
  ] as unknown as ServerResource[];
}
