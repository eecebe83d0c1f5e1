import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';

export const permissionsResource = defineServerResource({ spec: resources.permissions });

export { syncPermissions } from './permission-repository.js';
