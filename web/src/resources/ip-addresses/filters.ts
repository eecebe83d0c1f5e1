import { resources } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

export const ipAddressFilters: FilterDef[] = [
  { source: 'ip_address', label: 'IP address', kind: 'text', quick: true },
  { source: 'server_id', label: 'Server', kind: 'reference', reference: resources.servers.path },
  { source: 'provider', label: 'Provider', kind: 'text' },
  { source: 'location', label: 'Location', kind: 'text' },
  { source: 'available', label: 'Available', kind: 'boolean' },
];
