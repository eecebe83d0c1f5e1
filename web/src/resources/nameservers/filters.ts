import { resources } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

export const nameserverFilters: FilterDef[] = [
  { source: 'nameserver', label: 'Nameserver', kind: 'text', quick: true },
  {
    source: 'registrar_id',
    label: 'Registrar',
    kind: 'reference',
    reference: resources.registrars.path,
    optionText: 'registrar',
  },
];
