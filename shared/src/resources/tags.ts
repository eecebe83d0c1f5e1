import { defineResource } from '../fields.js';

export const tags = defineResource({
  name: 'tags',
  service: 'dms',
  path: 'dms/api/v1/tags',
  label: 'Tags',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: {
      kind: 'string',
      required: true,
      unique: true,
      maxLength: 100,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
  },
});
