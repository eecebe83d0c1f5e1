import { defineResource } from '../fields.js';

/**
 * Analytics requests (SPEC §2.5, §3): the money sites' page requests as their pages report them through the
 * collect call, per host (count, last client address) with per-path counts (show-by-href).
 */
export const analyticsRequests = defineResource({
  name: 'analytics-requests',
  service: 'analytics',
  path: 'analytics/api/v1/requests',
  label: 'Analytics requests',
  titleField: 'hostname',
  defaultSort: { field: 'count', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['hostname', 'website_id', 'count', 'last_ip', 'last_seen'],
  fields: {
    hostname: {
      kind: 'string',
      label: 'Hostname',
      required: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq' },
    count: { kind: 'integer', label: 'Requests', sortable: true },
    last_ip: { kind: 'string', label: 'Last client IP', maxLength: 64 },
    last_seen: { kind: 'timestamp', label: 'Last request', sortable: true, filter: 'range' },
  },
});
