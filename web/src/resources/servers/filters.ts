import { SERVER_TYPES } from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';

export const serverFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text', quick: true },
  { source: 'main_ip', label: 'Main IP', kind: 'text', quick: true },
  { source: 'type', label: 'Type', kind: 'select', choices: choicesOf(SERVER_TYPES) },
  { source: 'provider', label: 'Provider', kind: 'text' },
  { source: 'location', label: 'Location', kind: 'text' },
  { source: 'operating_system', label: 'Operating system', kind: 'text' },
  { source: 'web_server', label: 'Web server', kind: 'text' },
];
