import { resources } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

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
];
