import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { proxyServerFilters } from './filters';

/** No password column: lists and exports never carry secrets. */
const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.text('ip_address', 'IP address'),
  col.text('port', 'Port', { align: 'right' }),
  col.text('username', 'Username'),
  col.text('country', 'Country'),
  col.time('banned_exp_dms', 'Banned until'),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const ProxyServerList = () => <ResourceList columns={columns} filters={proxyServerFilters} />;
