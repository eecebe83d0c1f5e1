import { TASK_TYPE_TARGETS, type TaskType } from '@sitefleet/shared';
import type { Validator } from 'react-admin';

const needsPosts = (type: unknown) => TASK_TYPE_TARGETS[type as TaskType] === 'post_ids';
const hasItems = (v: unknown) => Array.isArray(v) && v.length > 0;

/** SPEC §3 CREATE_POST (post_ids): the posts are required, as the server says. */
export const postsRequired: Validator = (value: unknown, values: Record<string, unknown>) =>
  needsPosts(values.type) && !hasItems(value)
    ? 'Choose the posts of the website this task is about'
    : undefined;

/** Save stays disabled until the required fields are filled (SPEC §5). */
export const canSaveTask = (v: Record<string, unknown>): boolean =>
  typeof v.title === 'string' &&
  v.title.trim() !== '' &&
  Boolean(v.type) &&
  Boolean(v.website_id) &&
  (!needsPosts(v.type) || hasItems(v.post_ids));
