import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';

export const serverColumns = screenColumns(resources.servers, [
  'name',
  'main_ip',
  col.choice('type', 'Type'),
  'provider',
  'location',
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ server_id: r.id }),
  }),
  col.count('ip_addresses_count', 'IP addresses', 'IP', {
    resource: resources.ipAddresses.path,
    filter: (r) => ({ server_id: r.id }),
  }),
  ['operating_system', { hidden: true }],
  ['web_server', { hidden: true }],
  col.text('runcloud_server_id', 'RunCloud server ID', { hidden: true }),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);
