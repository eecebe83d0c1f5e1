import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';
import { RUN_STATUS_LABELS, TRIGGER_LABELS } from './labels';

/** Every service's runs are declared alike; the dms declaration stands for them all. */
export const cronRunFilters = screenFilters(resources.cronJobs.dms, [
  ['command', { quick: true }],
  ['status', { labels: RUN_STATUS_LABELS }],
  ['trigger', { labels: TRIGGER_LABELS }],
  'start_time',
]);
