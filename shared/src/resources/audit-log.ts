import { defineResource } from '../fields.js';

/**
 * The append-only audit log (SECURITY.md #17): sign-ins, permission failures, secret reveals, step-ups,
 * deletions and commands. Read-only: the table itself refuses updates and deletes.
 */
export const auditLog = defineResource({
  name: 'audit-log',
  service: 'ums',
  path: 'ums/api/v1/audit-log',
  label: 'Audit log',
  titleField: 'action',
  defaultSort: { field: 'id', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    at: { kind: 'timestamp', label: 'When', readOnly: true, filter: 'range', sortable: true },
    actor_id: { kind: 'reference', reference: 'users', label: 'Actor', readOnly: true, filter: 'eq' },
    action: { kind: 'string', readOnly: true, filter: 'eq', sortable: true, searchable: true },
    target: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    ip: { kind: 'string', label: 'IP', readOnly: true, filter: 'eq' },
    detail: { kind: 'json', readOnly: true },
  },
});
