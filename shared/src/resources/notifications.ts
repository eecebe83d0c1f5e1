import { NOTIFICATION_TYPES, SENDABLE_NOTIFICATION_TYPES } from '../constants.js';
import { defineResource } from '../fields.js';

/** SPEC §3 Notification: sent to a user or a role; an ALERT tied to a website is that website's alert. */
export const notifications = defineResource({
  name: 'notifications',
  service: 'nms',
  path: 'nms/api/v1/notifications',
  label: 'Notifications',
  titleField: 'title',
  defaultSort: { field: 'created_at', order: 'DESC' },
  operations: { delete: false },
  fields: {
    title: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    /** Rich text (HTML), sanitised by the server. */
    message: { kind: 'text', required: true, maxLength: 100_000, searchable: true },
    type: {
      kind: 'enum',
      values: NOTIFICATION_TYPES,
      writeValues: SENDABLE_NOTIFICATION_TYPES,
      required: true,
      filter: 'eq',
      sortable: true,
    },
    link: { kind: 'string', format: 'link', maxLength: 2048 },
    user_id: { kind: 'reference', reference: 'users', label: 'User', filter: 'eq' },
    recipients: { kind: 'reference', reference: 'roles', label: 'Recipients (role)', filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', readOnly: true, filter: 'eq' },
    importance: { kind: 'enum', values: ['low', 'normal', 'high'], readOnly: true, filter: 'eq' },
    resolved: { kind: 'enum', values: ['yes', 'no'], filter: 'eq', sortable: true },
    created_by: { kind: 'reference', reference: 'users', label: 'Sent by', readOnly: true, filter: 'eq' },
  },
});
