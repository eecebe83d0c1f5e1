import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** The actions the server records; the filter matches one exactly. */
export const AUDIT_ACTIONS = [
  'reveal_secret',
  'reveal_throttled',
  'step_up',
  'step_up_failed',
  'step_up_throttled',
  'login',
  'login_failed',
  'login_throttled',
  'logout',
  'permission_denied',
  'privilege_denied',
  'account_unlocked',
  'delete',
  'merge',
  'import',
  'refresh',
  'upload',
  'command.run',
  'artisan.run',
  'comment.create',
  'comment.reply',
  'comment.edit',
] as const;

export const auditLogFilters = screenFilters(resources.auditLog, [
  ['action', { quick: true, choices: AUDIT_ACTIONS.map((a) => ({ id: a, name: a })) }],
  'actor_id',
  ['target', { quick: true }],
  'at',
  'ip',
]);
