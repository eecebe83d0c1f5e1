import { PERMISSION_KINDS, resources, type PermissionKind } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

/** What each kind lets its holder do (ADR 0005). */
export const PERMISSION_KIND_LABELS: Record<PermissionKind, string> = {
  read: 'Read',
  write: 'Write',
  action: 'Action (starts outside work)',
  reveal: 'Reveal secrets',
};

export const permissionFilters: FilterDef[] = [
  { source: 'route', label: 'Route', kind: 'text', quick: true },
  {
    source: 'method',
    label: 'Method',
    kind: 'select',
    choices: (resources.permissions.fields.method.values ?? []).map((m) => ({
      id: String(m),
      name: String(m),
    })),
  },
  {
    source: 'kind',
    label: 'Kind',
    kind: 'select',
    choices: PERMISSION_KINDS.map((k) => ({ id: k, name: PERMISSION_KIND_LABELS[k] })),
  },
];
