import { CRON_RUN_STATUSES, CRON_RUN_TRIGGERS } from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';
import { RUN_STATUS_LABELS, TRIGGER_LABELS } from './labels';

export const cronRunFilters: FilterDef[] = [
  { source: 'command', label: 'Command', kind: 'text', quick: true },
  {
    source: 'status',
    label: 'Status',
    kind: 'select',
    choices: choicesOf(CRON_RUN_STATUSES, RUN_STATUS_LABELS),
  },
  {
    source: 'trigger',
    label: 'Trigger',
    kind: 'select',
    choices: choicesOf(CRON_RUN_TRIGGERS, TRIGGER_LABELS),
  },
  { source: 'start_time', label: 'Start time', kind: 'dateRange' },
];
