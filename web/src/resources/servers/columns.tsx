import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';

export const serverColumns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.text('main_ip', 'Main IP'),
  col.choice('type', 'Type'),
  col.text('provider', 'Provider'),
  col.text('location', 'Location'),
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ server_id: r.id }),
  }),
  col.count('ip_addresses_count', 'IP addresses', 'IP', {
    resource: resources.ipAddresses.path,
    filter: (r) => ({ server_id: r.id }),
  }),
  col.text('operating_system', 'Operating system', { hidden: true }),
  col.text('web_server', 'Web server', { hidden: true }),
  col.text('runcloud_server_id', 'RunCloud server ID', { hidden: true }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];
