import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const userFilters = screenFilters(resources.users, [
  ['name', { quick: true }],
  ['email', { quick: true }],
  ['roles', { label: 'Role' }],
  ['target_markets', { label: 'Target market' }],
  'disabled',
  'last_login',
]);
