import type { FilterDef } from '../../common/list/filters/types';

export const registrantFilters: FilterDef[] = [
  { source: 'registrant_name', label: 'Registrant', kind: 'text', quick: true },
];
