import type { Config } from '../config.js';
import type { ServerResource } from '../core/resource.js';
import { tagsResource } from './dms/tags.js';
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
  ] as unknown as ServerResource[];
}
