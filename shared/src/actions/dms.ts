import { Type } from 'typebox';
import { Data, defineAction, IdParams, JobItem } from './define.js';

/** GET /domains/{id}/refresh: re-read registration (RDAP, WHOIS fallback) and DNS data of one domain. */
export const refreshDomain = defineAction({
  method: 'GET',
  path: 'dms/api/v1/domains/:id/refresh',
  service: 'dms',
  summary: 'Refresh registration (RDAP, WHOIS fallback) and DNS data of one domain',
  access: 'permission',
  // A GET that starts outbound work: an action, not a read (the read-only role does not hold it).
  kind: 'action',
  params: IdParams,
  response: Data(
    Type.Object({ job_output: Type.Array(JobItem), failed_job_output: Type.Array(JobItem) }),
  ),
});
