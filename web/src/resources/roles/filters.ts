import type { FilterDef } from '../../common/list/filters/types';

export const roleFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text' },
  { source: 'description', label: 'Description', kind: 'text' },
];
