import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';

export const ipAddressColumns = screenColumns(resources.ipAddresses, [
  'ip_address',
  'server_id',
  'provider',
  'location',
  'available',
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ ip_address_id: r.id }),
  }),
  ['info', { hidden: true }],
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

/** IP addresses in a server's IP Addresses tab. */
export const ipAddressRefColumns = ipAddressColumns.filter((c) => !c.hidden && c.source !== 'server_id');
