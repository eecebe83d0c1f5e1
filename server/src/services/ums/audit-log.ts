import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';

/** Who did what and when, read through a view (the log itself is append-only); ADMIN only by default. */
export const auditLogResource = defineServerResource({
  spec: resources.auditLog,
  table: 'audit_log_entries',
});
