import { DNS_RECORD_TYPES } from '../constants.js';
import { defineResource } from '../fields.js';

/** Filled by a domain's DNS refresh; read only. */
export const dnsRecords = defineResource({
  name: 'dns-records',
  service: 'dms',
  path: 'dms/api/v1/dns-records',
  label: 'DNS Records',
  titleField: 'host',
  defaultSort: { field: 'host', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    domain_id: { kind: 'reference', reference: 'domains', required: true, filter: 'eq' },
    host: { kind: 'string', required: true, filter: 'search', sortable: true, searchable: true },
    type: { kind: 'enum', values: DNS_RECORD_TYPES, required: true, filter: 'eq', sortable: true },
    class: { kind: 'string', maxLength: 8, filter: 'eq' },
    ttl: { kind: 'integer', filter: 'range', sortable: true },
    ip: { kind: 'string', filter: 'search', sortable: true, searchable: true },
    target: { kind: 'string', filter: 'search', sortable: true, searchable: true },
    mname: { kind: 'string', label: 'Primary NS (mname)', filter: 'search' },
    rname: { kind: 'string', label: 'Responsible (rname)', filter: 'search' },
    serial: { kind: 'integer' },
    refresh: { kind: 'integer' },
    retry: { kind: 'integer' },
    expire: { kind: 'integer' },
    minimum_ttl: { kind: 'integer' },
    pri: { kind: 'integer', label: 'Priority', sortable: true },
    weight: { kind: 'integer' },
    port: { kind: 'integer' },
    txt: { kind: 'text', filter: 'search', searchable: true },
  },
});

/** The history of DNS changes seen by refreshes (old and new values with time). */
export const dnsRecordChanges = defineResource({
  name: 'dns-record-changes',
  service: 'dms',
  path: 'dms/api/v1/dns-record-changes',
  label: 'DNS changes',
  titleField: 'host',
  defaultSort: { field: 'created_at', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    domain_id: { kind: 'reference', reference: 'domains', required: true, filter: 'eq' },
    host: { kind: 'string', required: true, filter: 'search', sortable: true },
    type: { kind: 'enum', values: DNS_RECORD_TYPES, required: true, filter: 'eq', sortable: true },
    change: {
      kind: 'enum',
      values: ['added', 'removed', 'changed'],
      required: true,
      filter: 'eq',
      sortable: true,
    },
    before: { kind: 'json' },
    after: { kind: 'json' },
  },
});
