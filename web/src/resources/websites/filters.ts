import {
  MARKETS,
  resources,
  WEBSITE_STATUS_LABELS,
  WEBSITE_STATUSES,
  WEBSITE_TYPES,
} from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';
import { TYPE_LABELS } from './labels';

export const websiteFilters: FilterDef[] = [
  { source: 'hostname', label: 'Hostname', kind: 'text', quick: true },
  { source: 'friendly_name', label: 'Friendly name', kind: 'text' },
  { source: 'type', label: 'Type', kind: 'select', choices: choicesOf(WEBSITE_TYPES, TYPE_LABELS) },
  {
    source: 'status',
    label: 'Status',
    kind: 'select',
    choices: choicesOf(WEBSITE_STATUSES, WEBSITE_STATUS_LABELS),
  },
  { source: 'target_market', label: 'Target market', kind: 'select', choices: choicesOf(MARKETS) },
  {
    source: 'user_id',
    label: 'Product owner',
    kind: 'reference',
    reference: resources.users.path,
    optionText: 'email',
  },
  { source: 'tags', label: 'Tag', kind: 'reference', reference: resources.tags.path, optionText: 'name' },
  { source: 'server_id', label: 'Server', kind: 'reference', reference: resources.servers.path },
  {
    source: 'ip_address_id',
    label: 'IP address',
    kind: 'reference',
    reference: resources.ipAddresses.path,
    optionText: 'ip_address',
  },
  {
    source: 'repository_id',
    label: 'Repository',
    kind: 'reference',
    reference: resources.repositories.path,
  },
  { source: 'has_captcha', label: 'Has captcha', kind: 'boolean' },
];
