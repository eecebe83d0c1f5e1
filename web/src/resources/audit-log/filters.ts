import { resources } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

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

export const auditLogFilters: FilterDef[] = [
  {
    source: 'action',
    label: 'Action',
    kind: 'select',
    quick: true,
    choices: AUDIT_ACTIONS.map((a) => ({ id: a, name: a })),
  },
  {
    source: 'actor_id',
    label: 'Actor',
    kind: 'reference',
    reference: resources.users.path,
    optionText: 'email',
  },
  { source: 'target', label: 'Target', kind: 'text', quick: true },
  { source: 'at', label: 'When', kind: 'dateRange' },
  { source: 'ip', label: 'IP', kind: 'text' },
];
