import { LIMITS, resources } from '@sitefleet/shared';
import { DataTable, List, Pagination } from 'react-admin';
import type { ColumnDef } from '../../common/list/columns';
import { dataColumns } from '../../common/list/dataColumns';
import { FilterToolbar } from '../../common/list/ListToolbar';
import { NoRows } from '../../common/list/NoRows';
import { specOf } from '../../providers/writable';
import { SiteMonitoring, SiteMonitorsProvider } from '../monitors/SiteMonitoring';
import { websiteColumns } from './columns';
import { websiteFilters } from './filters';

const WEBSITES = resources.websites.path;

const columns: ColumnDef[] = [
  ...websiteColumns.filter((c) => ['hostname', 'type', 'status'].includes(c.source)),
  { source: 'monitoring', label: 'Monitoring', sortable: false, render: () => <SiteMonitoring /> },
];

/**
 * The websites list's UptimeRobot tab (SPEC §2.5): each site with its monitoring indicator, or a button
 * that starts monitoring it. Its page, sort and filters live apart from the Websites tab's (which own the
 * URL), so paging here keeps this tab open.
 */
export const UptimeRobotTab = () => (
  <List
    resource={WEBSITES}
    disableSyncWithLocation
    storeKey="websites.uptimeRobot"
    perPage={LIMITS.defaultPerPage}
    sort={specOf(WEBSITES)?.defaultSort}
    actions={false}
    empty={false}
    exporter={false}
    title="Websites · UptimeRobot"
    pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
  >
    <FilterToolbar filters={websiteFilters} />
    <SiteMonitorsProvider>
      <DataTable rowClick="show" bulkActionButtons={false} empty={<NoRows />}>
        {dataColumns(columns, specOf(WEBSITES))}
      </DataTable>
    </SiteMonitorsProvider>
  </List>
);
