import { lazy } from 'react';
import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { websiteColumns } from './columns';
import { websiteFilters } from './filters';
import { SyncWordpressButton } from './wordpress/SyncWordpressButton';

const UptimeRobotTab = lazy(() => import('./UptimeRobotTab').then((m) => ({ default: m.UptimeRobotTab })));
const SeoTrendsTab = lazy(() => import('./SeoTabs').then((m) => ({ default: m.SeoTrendsTab })));
const LinkNetworkTab = lazy(() => import('./LinkNetworkTab').then((m) => ({ default: m.LinkNetworkTab })));
const DeindexedTab = lazy(() => import('./SeoTabs').then((m) => ({ default: m.DeindexedTab })));
const SawdStatusTab = lazy(() =>
  import('./static/SawdStatusTab').then((m) => ({ default: m.SawdStatusTab })),
);

/**
 * SPEC §2.5 lists six tabs, in this order: Websites, SEOTrends, Link Network Overview, SAWDStatus,
 * UptimeRobot, DeIndexed Sites; the missing ones come with their own screens.
 */
export const WebsiteList = () => (
  <ListTabs
    tabs={[
      {
        id: 'websites',
        label: 'Websites',
        content: (
          <ResourceList
            columns={websiteColumns}
            filters={websiteFilters}
            smallScreen={['hostname', 'status', 'alerts']}
            bulkActions={<SyncWordpressButton />}
          />
        ),
      },
      { id: 'seo-trends', label: 'SEOTrends', content: <SeoTrendsTab /> },
      { id: 'link-network', label: 'Link Network Overview', content: <LinkNetworkTab /> },
      { id: 'sawd-status', label: 'SAWDStatus', content: <SawdStatusTab /> },
      { id: 'uptime-robot', label: 'UptimeRobot', content: <UptimeRobotTab /> },
      { id: 'deindexed', label: 'DeIndexed Sites', content: <DeindexedTab /> },
    ]}
  />
);
