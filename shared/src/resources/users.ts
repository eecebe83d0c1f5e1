import { MARKETS } from '../constants.js';
import { defineResource } from '../fields.js';

export const users = defineResource({
  name: 'users',
  service: 'ums',
  path: 'ums/api/v1/users',
  label: 'Users',
  titleField: 'email',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: {
      kind: 'string',
      required: true,
      maxLength: 100,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    last_name: { kind: 'string', maxLength: 100, filter: 'search', sortable: true, searchable: true },
    email: {
      kind: 'string',
      format: 'email',
      required: true,
      unique: true,
      maxLength: 254,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    picture: { kind: 'string', format: 'url', maxLength: 2048 },
    roles: { kind: 'references', reference: 'roles', required: true, filter: 'eq' },
    target_markets: { kind: 'strings', values: MARKETS, required: true, filter: 'eq' },
    adult: { kind: 'boolean', filter: 'eq', sortable: true },
    tags: { kind: 'json', label: 'Languages' },
    disabled: { kind: 'boolean', filter: 'eq', sortable: true },
    google_id: { kind: 'string', label: 'Google account', readOnly: true, filter: 'eq' },
    last_login: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
    last_activity: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
    new_password: { kind: 'string', writeOnly: true, minLength: 12, maxLength: 128 },
    verify_password: { kind: 'string', writeOnly: true, maxLength: 128 },
  },
});
