import { resources, SERVICE_TYPE_LABELS } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';
import { RunForSelectionButton } from '../../tools/artisan/RunForSelectionButton';
import { serviceColumns } from './columns';
import { DiscoverServicesButton } from './DiscoverServicesButton';

export const CHECK_COMMAND = 'service-discovery:check';

const filters = screenFilters(resources.serviceDiscovery, [
  ['hostname', { quick: true }],
  ['type', { labels: SERVICE_TYPE_LABELS }],
  'verified',
  'website_id',
  'location',
  'last_checked',
]);

/**
 * SPEC §2.5 service discovery: what the network runs for each website and where, with the last check's
 * outcome; a website's services are discovered from its DNS, all of them checked in one run.
 */
export const ServiceDiscoveryList = () => (
  <ResourceList
    columns={serviceColumns}
    filters={filters}
    bulkActions={
      <RunForSelectionButton
        service="dms"
        command={CHECK_COMMAND}
        label="Check"
        failure="The check could not start"
      />
    }
    actions={
      <>
        <DiscoverServicesButton />
        <RunCommandButton service="dms" command={CHECK_COMMAND} label="Check services" />
      </>
    }
  />
);
