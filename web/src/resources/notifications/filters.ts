import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';
import { RESOLVED_LABELS, TYPE_LABELS } from './labels';

/** SPEC §2.5, §9: type includes WARNING here (it can be filtered on, not sent). */
export const notificationFilters = screenFilters(resources.notifications, [
  ['title', { quick: true }],
  ['type', { labels: TYPE_LABELS }],
  'user_id',
  ['recipients', { label: 'Role' }],
  ['resolved', { labels: RESOLVED_LABELS }],
]);
