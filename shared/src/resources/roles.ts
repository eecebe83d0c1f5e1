import { defineResource } from '../fields.js';

export const roles = defineResource({
  name: 'roles',
  service: 'ums',
  path: 'ums/api/v1/roles',
  label: 'Roles',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: {
      kind: 'string',
      required: true,
      unique: true,
      maxLength: 64,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    description: { kind: 'text', maxLength: 1000, filter: 'search', searchable: true },
    permissions: { kind: 'references', reference: 'permissions', filter: 'eq' },
  },
});
