import { defineResource } from '../fields.js';
import { SERVICE_TYPES } from '../service-discovery.js';

/**
 * Service discovery (SPEC §3, §2.5): a service the network runs for a website, at a place: its web front, www
 * alias, staging copy, admin login, API, status page or webmail (location: the URL; hostname: the host serving
 * it), or its CDN alias, mail exchanger or nameserver (location: the name whose record is looked up; hostname:
 * the host that record names). verified, last_checked, the outcome and its evidence are the last check's.
 */
export const serviceDiscovery = defineResource({
  name: 'service-discovery',
  service: 'dms',
  path: 'dms/api/v1/service-discovery',
  label: 'Service discovery',
  titleField: 'hostname',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['type', 'hostname', 'location', 'website_id', 'verified', 'last_checked'],
  fields: {
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    type: { kind: 'enum', values: SERVICE_TYPES, required: true, filter: 'eq', sortable: true },
    location: {
      kind: 'string',
      // A URL for an HTTP type, a DNS name for a DNS type: the type decides, the server checks it.
      format: 'target',
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    hostname: {
      kind: 'string',
      format: 'hostname',
      maxLength: 253,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    verified: { kind: 'boolean', readOnly: true, filter: 'eq', sortable: true },
    last_checked: {
      kind: 'timestamp',
      label: 'Last checked',
      readOnly: true,
      sortable: true,
      filter: 'range',
    },
    check_message: { kind: 'string', label: 'Last check', readOnly: true },
    evidence: { kind: 'json', label: 'Last check evidence', readOnly: true },
  },
});
