import { resources, type PermissionKind } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** What each kind lets its holder do (ADR 0005). */
export const PERMISSION_KIND_LABELS: Record<PermissionKind, string> = {
  read: 'Read',
  write: 'Write',
  action: 'Action (starts outside work)',
  reveal: 'Reveal secrets',
};

export const permissionFilters = screenFilters(resources.permissions, [
  ['route', { quick: true }],
  'method',
  ['kind', { labels: PERMISSION_KIND_LABELS }],
]);
