import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { FreelancerSearchButton } from './FreelancerSearch';

const columns = screenColumns(resources.linkProviderWebsites, [
  'hostname',
  'agency',
  'price',
  'currency',
  col.text('price_in_euro', 'Price in EUR', { align: 'right', sortable: true }),
  'domain_rating',
  'ahrefs_traffic',
  ['citation_flow', { hidden: true }],
  ['trust_flow', { hidden: true }],
  'target_market',
  'language',
  ['ssl', { hidden: true }],
  ['ip_address', { hidden: true }],
  ['url', { hidden: true }],
  'updated_at',
]);

const filters = screenFilters(resources.linkProviderWebsites, [
  ['hostname', { quick: true }],
  'agency',
  'currency',
  'target_market',
  'language',
  'ssl',
  'price',
  'domain_rating',
  'ahrefs_traffic',
  'trust_flow',
]);

/** The provider sites, with what each costs in euro at the latest rate, and the Freelancer search. */
export const ProviderList = () => (
  <ResourceList columns={columns} filters={filters} actions={<FreelancerSearchButton />} />
);
