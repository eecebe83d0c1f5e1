import { Type, type Static } from 'typebox';
import { DELIMITERS } from '../constants.js';
import { DELIMITER_NAMES } from '../jobs.js';
import { Data, defineAction, IdParams, JobItem, RunStarted } from './define.js';

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
  response: Data(Type.Object({ job_output: Type.Array(JobItem), failed_job_output: Type.Array(JobItem) })),
});

const SubnetGroup = Type.Object({
  subnet: Type.String(),
  ips: Type.Integer(),
  sites: Type.Integer(),
  site_ids: Type.Array(Type.Integer()),
  providers: Type.Array(Type.String()),
  locations: Type.Array(Type.String()),
  /** More than one site of the network shares this subnet: a footprint search engines can link. */
  flagged: Type.Boolean(),
});
export type SubnetGroup = Static<typeof SubnetGroup>;

const ShareRow = Type.Object({
  name: Type.String(),
  ips: Type.Integer(),
  sites: Type.Integer(),
  share: Type.Number(),
});
export type ShareRow = Static<typeof ShareRow>;

/** GET /ip-addresses/diversity: how the network's sites spread (the IP addresses Diversity tab). */
export const ipDiversity = defineAction({
  method: 'GET',
  path: 'dms/api/v1/ip-addresses/diversity',
  service: 'dms',
  summary: 'Spread of the sites over /24 and /16 subnets, providers and locations',
  access: 'permission',
  response: Data(
    Type.Object({
      totals: Type.Object({
        ips: Type.Integer(),
        sites: Type.Integer(),
        sites_without_ip: Type.Integer(),
        subnets24: Type.Integer(),
        subnets16: Type.Integer(),
        flagged24: Type.Integer(),
        flagged16: Type.Integer(),
      }),
      subnets24: Type.Array(SubnetGroup),
      subnets16: Type.Array(SubnetGroup),
      providers: Type.Array(ShareRow),
      locations: Type.Array(ShareRow),
    }),
  ),
});
export type IpDiversity = Static<(typeof ipDiversity)['response']>['data'];

/** POST /registrars/{id}/merge?ids=: the named registrars are merged into this one (SPEC §7.4). */
export const mergeRegistrars = defineAction({
  method: 'POST',
  path: 'dms/api/v1/registrars/:id/merge',
  service: 'dms',
  summary: 'Merge the registrars named in ids into this one (domains and nameservers move; all or nothing)',
  access: 'permission',
  params: IdParams,
  query: Type.Object(
    { ids: Type.String({ pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,4999}$' }) },
    { additionalProperties: false },
  ),
  response: Type.Object({
    // The kept registrar as its resource reads it.
    data: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
    meta: Type.Object({ moved_domains: Type.Integer() }),
  }),
});

/** A delimiter by name (newline) or as the character itself. */
const Delimiter = Type.Enum([...DELIMITER_NAMES, ...Object.values(DELIMITERS)]);

/** POST /backlinks/deindex-checker (SPEC §7.5): is each domain indexed; answers the run's id. */
export const deindexChecker = defineAction({
  method: 'POST',
  path: 'dms/api/v1/backlinks/deindex-checker',
  service: 'dms',
  summary: 'Check whether domains are indexed; answers the cron run id (data.id)',
  access: 'permission',
  kind: 'action',
  body: Type.Object(
    { domains: Type.String({ maxLength: 100_000 }), domain_delimiter: Type.Optional(Delimiter) },
    { additionalProperties: false },
  ),
  response: RunStarted,
});

/** POST /backlinks/keyword-checker (SPEC §7.5): keywords on pages; answers the run's id. */
export const keywordChecker = defineAction({
  method: 'POST',
  path: 'dms/api/v1/backlinks/keyword-checker',
  service: 'dms',
  summary: 'Look for keywords on pages; answers the cron run id (cron_id)',
  access: 'permission',
  kind: 'action',
  body: Type.Object(
    {
      keywords: Type.String({ maxLength: 20_000 }),
      keyword_delimiter: Type.Optional(Delimiter),
      pages: Type.String({ maxLength: 200_000 }),
      page_delimiter: Type.Optional(Delimiter),
    },
    { additionalProperties: false },
  ),
  response: RunStarted,
});

/** POST /websites/{id}/scan: crawls the site's pages and links; answers the run's id. */
export const scanWebsite = defineAction({
  method: 'POST',
  path: 'dms/api/v1/websites/:id/scan',
  service: 'dms',
  summary: "Crawl the website's pages and links; answers the cron run id (cron_id)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: RunStarted,
});
