import { MARKETS, resources } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

export const userFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text', quick: true },
  { source: 'email', label: 'Email', kind: 'text', quick: true },
  { source: 'roles', label: 'Role', kind: 'reference', reference: resources.roles.path, optionText: 'name' },
  {
    source: 'target_markets',
    label: 'Target market',
    kind: 'select',
    choices: MARKETS.map((m) => ({ id: m, name: m })),
  },
  { source: 'disabled', label: 'Disabled', kind: 'boolean' },
  { source: 'last_login', label: 'Last login', kind: 'dateRange' },
];
