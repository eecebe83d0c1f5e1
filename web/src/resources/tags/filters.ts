import type { FilterDef } from '../../common/list/filters/types';

export const tagFilters: FilterDef[] = [{ source: 'name', label: 'Name', kind: 'text' }];
