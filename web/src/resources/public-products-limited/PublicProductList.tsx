import { resources } from '@sitefleet/shared';
import type { RowClickFunction } from 'react-admin';
import { ResourceList } from '../../common/list/ResourceList';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { TYPE_LABELS } from '../websites/labels';
import { adminLoginColumn } from '../websites/wordpress/adminLoginColumn';
import { useAdminLogin } from '../websites/wordpress/useAdminLogin';

const columns = screenColumns(resources.publicProductsLimited, [
  'hostname',
  'friendly_name',
  col.choice('type', 'Type', TYPE_LABELS),
  'target_market',
  col.text('core_version', 'WordPress', { sortable: false }),
  ['url', { hidden: true }],
  adminLoginColumn,
]);

const filters = screenFilters(resources.publicProductsLimited, [
  ['hostname', { quick: true }],
  'friendly_name',
  ['type', { labels: TYPE_LABELS }],
  'target_market',
]);

/** Only sites with a WordPress connection can be logged into. */
const CONNECTED = { connected: true };

/** A row click opens the site's admin (its id is the website's); rows this user may not open do nothing. */
export const PublicProductList = () => {
  const { canOpen, open } = useAdminLogin();
  const rowClick: RowClickFunction = (id, _resource, record) => {
    if (canOpen(record)) void open(id);
    return false;
  };
  return (
    <ResourceList
      columns={columns}
      filters={filters}
      rowClick={rowClick}
      filter={CONNECTED}
      smallScreen={['hostname', 'type', 'admin_login']}
    />
  );
};
