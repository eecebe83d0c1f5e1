import {
  resources,
  TASK_OPEN_STATUSES,
  TASK_POSTS_MAX,
  TASK_TYPE_TARGETS,
  type TaskType,
} from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type Row, type WriteEvent } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { websiteHostname } from '../wordpress/resources.js';
import { registerTaskActions } from './actions.js';
import { addHistory, postsOfWebsite } from './task-repository.js';

/**
 * SPEC §3 CREATE_POST (post_ids): a task about posts names at least one, at most TASK_POSTS_MAX, each a post
 * of the task's own website. A website changed without new posts leaves the old site's posts refused.
 */
async function checkPosts(e: WriteEvent, merged: Row, errors: Record<string, string>): Promise<void> {
  if (e.values.post_ids === null) e.values.post_ids = [];
  const ids = (Array.isArray(merged.post_ids) ? merged.post_ids : []).map(Number);
  const needsPosts = TASK_TYPE_TARGETS[merged.type as TaskType] === 'post_ids';
  if (!needsPosts) return;
  if (!ids.length) {
    errors.post_ids = 'Choose the posts of the website this task is about';
    return;
  }
  if (ids.length > TASK_POSTS_MAX) {
    errors.post_ids = `Choose at most ${TASK_POSTS_MAX} posts`;
    return;
  }
  if (!('post_ids' in e.values) && !('website_id' in e.values)) return;
  const websiteId = Number(merged.website_id);
  const found = new Set(await postsOfWebsite(e.tx, websiteId, ids));
  const foreign = ids.filter((id) => !found.has(id));
  if (foreign.length) errors.post_ids = `Not posts of this website: ${foreign.join(', ')}`;
}

async function checkTask(e: WriteEvent): Promise<void> {
  if (!e.existing) e.values.created_by = e.ctx.user?.id ?? null;
  const merged: Row = { ...e.existing, ...e.values };
  const errors: Record<string, string> = {};
  await checkPosts(e, merged, errors);
  if (Object.keys(errors).length) throw invalid(errors);
}

/** A task's history starts with its creation, by whoever created it. */
async function recordCreation(e: WriteEvent & { record: Row }): Promise<void> {
  if (e.existing) return;
  await addHistory(e.tx, {
    taskId: Number(e.record.id),
    from: null,
    to: String(e.record.status),
    userId: e.ctx.user?.id ?? null,
    comment: null,
  });
}

export const tasksResource = defineServerResource<typeof resources.tasks.fields, AppDeps>({
  spec: resources.tasks,
  computed: {
    ...websiteHostname,
    // The board's cards show who has the task without a request per card.
    assignee_name: {
      kind: 'string',
      sql: "SELECT concat_ws(' ', u.name, u.last_name) FROM users u WHERE u.id = t.assignee_id",
    },
    assignee_picture: { kind: 'string', sql: 'SELECT u.picture FROM users u WHERE u.id = t.assignee_id' },
  },
  customFilters: {
    // Due before now and the work not delivered yet (docs/tasks.md).
    overdue: (value, params) => {
      if (typeof value !== 'boolean') return null;
      const late = `(t.due_date IS NOT NULL AND t.due_date < epoch_now() AND t.status = ANY(${params.add([...TASK_OPEN_STATUSES])}::text[]))`;
      return value ? late : `NOT ${late}`;
    },
  },
  hooks: { beforeWrite: checkTask, afterWrite: recordCreation },
  actions: registerTaskActions,
});
