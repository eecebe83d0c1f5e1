import { DNS_RECORD_TYPES } from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';

/** SPEC §2.5: host, ip, type, class, target, mname, rname, txt. */
export const dnsRecordFilters: FilterDef[] = [
  { source: 'host', label: 'Host', kind: 'text', quick: true },
  { source: 'ip', label: 'IP', kind: 'text', quick: true },
  { source: 'type', label: 'Type', kind: 'select', choices: choicesOf(DNS_RECORD_TYPES) },
  { source: 'class', label: 'Class', kind: 'text' },
  { source: 'target', label: 'Target', kind: 'text' },
  { source: 'mname', label: 'Primary NS (mname)', kind: 'text' },
  { source: 'rname', label: 'Responsible (rname)', kind: 'text' },
  { source: 'txt', label: 'TXT', kind: 'text' },
];
