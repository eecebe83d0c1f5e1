import { TASK_STATUSES } from '../constants.js';
import { defineResource } from '../fields.js';
import { AVAILABLE_TASK_TYPES, TASK_TYPES, unavailableTaskTypeMessage } from '../tasks.js';

/**
 * A task of the content team (SPEC §3 Task status and type, docs/tasks.md): what to do on which website,
 * who does it and by when. Its status is the server's: it changes only through the transition and archive
 * actions (shared/src/actions/tasks.ts), each of which writes a history row; a PUT leaves it as it was.
 */
export const tasks = defineResource({
  name: 'tasks',
  service: 'dms',
  path: 'dms/api/v1/tasks',
  label: 'Tasks',
  titleField: 'title',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['title', 'type', 'status', 'assignee_id', 'website_id', 'due_date', 'updated_at'],
  customFilters: {
    overdue: { value: 'boolean', label: 'Overdue' },
  },
  fields: {
    title: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    // Disabled types are shown in the form but refused on write (SPEC §9).
    type: {
      kind: 'enum',
      values: TASK_TYPES,
      writeValues: AVAILABLE_TASK_TYPES,
      closedValueMessage: unavailableTaskTypeMessage,
      required: true,
      filter: 'eq',
      sortable: true,
    },
    status: {
      kind: 'enum',
      values: TASK_STATUSES,
      readOnly: true,
      filter: 'eq',
      sortable: true,
      label: 'Status',
    },
    assignee_id: { kind: 'reference', reference: 'users', label: 'Assignee', filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    // SPEC §3 CREATE_POST (post_ids): the website's WordPress posts the task is about.
    post_ids: { kind: 'references', reference: 'posts', label: 'Posts' },
    description: { kind: 'text', maxLength: 20_000, searchable: true },
    due_date: { kind: 'timestamp', label: 'Due date', filter: 'range', sortable: true },
    created_by: { kind: 'reference', reference: 'users', label: 'Created by', readOnly: true, filter: 'eq' },
    status_changed_at: { kind: 'timestamp', label: 'Status since', readOnly: true, sortable: true },
  },
});
