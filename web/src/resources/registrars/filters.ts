import type { FilterDef } from '../../common/list/filters/types';

export const registrarFilters: FilterDef[] = [
  { source: 'registrar', label: 'Registrar', kind: 'text', quick: true },
  { source: 'nameserver_domain_names', label: 'Nameserver domain', kind: 'text' },
  { source: 'other_registrar_names', label: 'Other name', kind: 'text' },
  { source: 'homepage', label: 'Homepage', kind: 'text' },
];
