import { ENVIRONMENTS, resources } from '@sitefleet/shared';
import { labelsOf } from '../../common/format/choices';
import { screenFilters } from '../../common/screens/filters';

export const envFilters = screenFilters(resources.envs, [
  ['variable', { quick: true }],
  ['environment', { labels: labelsOf(ENVIRONMENTS) }],
  'secret',
]);
