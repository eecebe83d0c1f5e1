import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';

const spec = resources.lighthouseMetrics;

export const DEVICE_LABELS = { desktop: 'Desktop', mobile: 'Mobile' } as const;

const columns = screenColumns(spec, [
  websiteColumn,
  col.date('day', 'Day'),
  col.choice('device', 'Device', DEVICE_LABELS),
  'performance',
  'accessibility',
  'seo',
  'best_practices',
  ['final_url', { hidden: true }],
  ['lighthouse_version', { hidden: true }],
  'error',
  ['pwa', { hidden: true }],
  ['id', { hidden: true }],
]);

const filters = screenFilters(spec, [
  ['website_id', { quick: true }],
  'day',
  'device',
  'performance',
  'seo',
  'error',
]);

export const LighthouseList = () => (
  <ResourceList
    columns={columns}
    filters={filters}
    smallScreen={['website_hostname', 'day', 'device', 'performance']}
    actions={<RunCommandButton service="dms" command="seo:lighthouse" label="Run Lighthouse now" />}
  />
);
