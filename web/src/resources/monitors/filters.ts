import { MONITOR_STATUSES, MONITOR_TYPES, resources } from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';
import { STATUS_LABELS, TYPE_LABELS } from './labels';

/** The search box (q: name and URL) comes with every list. */
export const monitorFilters: FilterDef[] = [
  { source: 'type', label: 'Type', kind: 'select', choices: choicesOf(MONITOR_TYPES, TYPE_LABELS) },
  { source: 'status', label: 'Status', kind: 'select', choices: choicesOf(MONITOR_STATUSES, STATUS_LABELS) },
  { source: 'paused', label: 'Paused', kind: 'boolean' },
  {
    source: 'website_id',
    label: 'Website',
    kind: 'reference',
    reference: resources.websites.path,
    optionText: 'hostname',
  },
  { source: 'last_check', label: 'Last check', kind: 'dateRange' },
];
