import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const pluginFilters = screenFilters(resources.plugins, [
  ['name', { quick: true }],
  'slug',
  'author_name',
  'author',
  'auto_update',
  'public',
]);
