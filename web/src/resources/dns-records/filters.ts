import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** SPEC §2.5: host, ip, type, class, target, mname, rname, txt. */
export const dnsRecordFilters = screenFilters(resources.dnsRecords, [
  ['host', { quick: true }],
  ['ip', { quick: true }],
  'type',
  'class',
  'target',
  'mname',
  'rname',
  'txt',
]);
