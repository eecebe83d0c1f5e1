import type { FilterDef } from '../../common/list/filters/types';

/** SPEC §2.5: name. */
export const repositoryFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text', quick: true },
  { source: 'repo', label: 'Repository', kind: 'text' },
  { source: 'auto_deploy', label: 'Auto deploy', kind: 'boolean' },
  { source: 'has_update', label: 'Has update', kind: 'boolean' },
];
