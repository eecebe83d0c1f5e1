import { defineResource } from '../fields.js';
import { LAST_WIZARD_STEP, WIZARD_STATUSES } from '../wizard.js';

/**
 * A website launch of the creation wizard (SPEC §2.6, docs/wizard.md): its list is where launches in
 * progress are resumed. The wizard's own calls (shared/src/actions/wizard.ts) create and move a draft; the
 * generic routes only read or discard one.
 */
export const websiteDrafts = defineResource({
  name: 'website-drafts',
  service: 'dms',
  path: 'dms/api/v1/website-drafts',
  label: 'Website launches',
  titleField: 'hostname',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['hostname', 'status', 'step', 'last_error', 'user_id', 'website_id', 'updated_at'],
  operations: { create: false, update: false, delete: true },
  fields: {
    hostname: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    status: { kind: 'enum', values: WIZARD_STATUSES, readOnly: true, filter: 'eq', sortable: true },
    step: { kind: 'integer', min: 0, max: LAST_WIZARD_STEP, readOnly: true, sortable: true, label: 'Step' },
    last_error: { kind: 'string', readOnly: true, label: 'Last failure' },
    user_id: { kind: 'reference', reference: 'users', readOnly: true, label: 'Started by', filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', readOnly: true, label: 'Website', filter: 'eq' },
  },
});
