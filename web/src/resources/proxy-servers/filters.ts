import type { FilterDef } from '../../common/list/filters/types';

/** SPEC §2.5: name and ip_address. */
export const proxyServerFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text', quick: true },
  { source: 'ip_address', label: 'IP address', kind: 'text', quick: true },
  { source: 'country', label: 'Country', kind: 'text' },
  { source: 'banned_exp_dms', label: 'Banned until', kind: 'dateRange' },
];
