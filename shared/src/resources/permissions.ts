import { PERMISSION_KINDS } from '../constants.js';
import { defineResource } from '../fields.js';

/** Permission rows are synchronised from the server's registered routes; they are never written by hand. */
export const permissions = defineResource({
  name: 'permissions',
  service: 'ums',
  path: 'ums/api/v1/permissions',
  label: 'Permissions',
  titleField: 'route',
  defaultSort: { field: 'route', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    method: {
      kind: 'enum',
      values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    route: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    kind: { kind: 'enum', values: PERMISSION_KINDS, readOnly: true, filter: 'eq', sortable: true },
  },
});
