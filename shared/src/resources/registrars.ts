import { defineResource, nameField } from '../fields.js';

export const registrars = defineResource({
  name: 'registrars',
  service: 'dms',
  path: 'dms/api/v1/registrars',
  label: 'Registrars',
  titleField: 'registrar',
  defaultSort: { field: 'registrar', order: 'ASC' },
  operations: { create: false },
  fields: {
    registrar: nameField(200),
    homepage: { kind: 'string', format: 'url', maxLength: 2048, filter: 'search' },
    iana_id: { kind: 'string', label: 'IANA ID', maxLength: 20, filter: 'eq' },
    nameserver_domain_names: { kind: 'strings', label: 'Nameserver domains', maxLength: 253, filter: 'eq' },
    other_registrar_names: { kind: 'strings', label: 'Other names', maxLength: 200, filter: 'eq' },
  },
});

export const registrants = defineResource({
  name: 'registrants',
  service: 'dms',
  path: 'dms/api/v1/registrants',
  label: 'Registrants',
  titleField: 'registrant_name',
  defaultSort: { field: 'registrant_name', order: 'ASC' },
  operations: { create: false, update: false },
  fields: {
    registrant_name: {
      kind: 'string',
      label: 'Registrant',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    company: { kind: 'string', maxLength: 200, filter: 'search', sortable: true, searchable: true },
    email: { kind: 'string', maxLength: 254, filter: 'search', searchable: true },
    country: { kind: 'string', maxLength: 2, filter: 'eq' },
  },
});

export const nameservers = defineResource({
  name: 'nameservers',
  service: 'dms',
  path: 'dms/api/v1/nameservers',
  label: 'Nameservers',
  titleField: 'nameserver',
  defaultSort: { field: 'nameserver', order: 'ASC' },
  operations: { create: false, update: false },
  fields: {
    nameserver: nameField(253),
    registrar_id: { kind: 'reference', reference: 'registrars', filter: 'eq' },
  },
});
