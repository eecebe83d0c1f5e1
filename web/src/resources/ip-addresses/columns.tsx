import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';

export const ipAddressColumns: ColumnDef[] = [
  col.text('ip_address', 'IP address'),
  col.reference('server_id', 'Server', resources.servers.path, 'name'),
  col.text('provider', 'Provider'),
  col.text('location', 'Location'),
  col.bool('available', 'Available'),
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ ip_address_id: r.id }),
  }),
  col.text('info', 'Info', { hidden: true }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

/** IP addresses in a server's IP Addresses tab. */
export const ipAddressRefColumns = ipAddressColumns.filter((c) => !c.hidden && c.source !== 'server_id');
