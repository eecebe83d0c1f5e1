import { ENVIRONMENTS } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

export const envFilters: FilterDef[] = [
  { source: 'variable', label: 'Variable', kind: 'text', quick: true },
  { source: 'environment', label: 'Environment', kind: 'select', choices: ENVIRONMENTS },
  { source: 'secret', label: 'Secret', kind: 'boolean' },
];
