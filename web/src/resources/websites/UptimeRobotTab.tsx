import type { ColumnDef } from '../../common/list/columns';
import { SiteMonitoring, SiteMonitorsProvider } from '../monitors/SiteMonitoring';
import { websiteColumns } from './columns';
import { WebsiteTabList } from './WebsiteTabList';

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
  <WebsiteTabList
    storeKey="websites.uptimeRobot"
    title="UptimeRobot"
    columns={columns}
    wrap={(table) => <SiteMonitorsProvider>{table}</SiteMonitorsProvider>}
  />
);
