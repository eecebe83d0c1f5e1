import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** SPEC §2.5: name. */
export const repositoryFilters = screenFilters(resources.repositories, [
  ['name', { quick: true }],
  'repo',
  'auto_deploy',
  'has_update',
]);
