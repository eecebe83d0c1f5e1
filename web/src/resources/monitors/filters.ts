import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';
import { STATUS_LABELS, TYPE_LABELS } from './labels';

/** The search box (q: name and URL) comes with every list. */
export const monitorFilters = screenFilters(resources.monitors, [
  ['type', { labels: TYPE_LABELS }],
  ['status', { labels: STATUS_LABELS }],
  'paused',
  'website_id',
  'last_check',
]);
