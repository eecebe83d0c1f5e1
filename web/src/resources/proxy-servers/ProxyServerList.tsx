import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { proxyServerFilters } from './filters';

/** No password column: lists and exports never carry secrets. */
const columns = screenColumns(resources.proxyServers, [
  'name',
  'ip_address',
  'port',
  'username',
  'country',
  'banned_exp_dms',
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const ProxyServerList = () => <ResourceList columns={columns} filters={proxyServerFilters} />;
