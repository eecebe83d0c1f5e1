import { defineResource, nameField } from '../fields.js';

export const tags = defineResource({
  name: 'tags',
  service: 'dms',
  path: 'dms/api/v1/tags',
  label: 'Tags',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(),
  },
});
