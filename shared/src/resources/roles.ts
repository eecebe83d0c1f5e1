import { defineResource, nameField } from '../fields.js';

export const roles = defineResource({
  name: 'roles',
  service: 'ums',
  path: 'ums/api/v1/roles',
  label: 'Roles',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(64),
    description: { kind: 'text', maxLength: 1000, filter: 'search', searchable: true },
    permissions: { kind: 'references', reference: 'permissions', filter: 'eq' },
  },
});
