/** Service discovery's own calls (issue 18): check a service now, discover a website's services from DNS. */
import { Type, type Static } from 'typebox';
import { SERVICE_TYPES } from '../service-discovery.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

/** What one check of a service found (server/src/services/dms/service-discovery). */
export const ServiceCheck = Type.Object({
  verified: Type.Boolean(),
  last_checked: Type.Integer(),
  /** The outcome in words: what answered, or why the service is not verified. */
  message: Type.String(),
  /** The DNS questions and answers, the addresses, the HTTP answer (status, final URL) and any error. */
  evidence: Type.Record(Type.String(), Type.Unknown()),
});
export type ServiceCheck = Static<typeof ServiceCheck>;

/** PUT /service-discovery/check/{id}: verify the service now (DNS, and HTTP for HTTP types). */
export const checkService = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/service-discovery/check/:id',
  service: 'dms',
  summary:
    'Check one discovered service now: look up its DNS record (and request its URL for HTTP types) and store the outcome',
  access: 'permission',
  params: IdParams,
  response: Data(ServiceCheck),
});

/** One service proposed by a discovery, and what its check found. */
export const DiscoveredService = Type.Object({
  /** The stored record; null when it was not added (not answering). */
  id: Nullable(Type.Integer()),
  type: Type.Enum(SERVICE_TYPES),
  location: Type.String(),
  hostname: Type.String(),
  message: Type.String(),
});
export type DiscoveredService = Static<typeof DiscoveredService>;

/**
 * POST /websites/{id}/discover-services: propose the website's services from DNS (the site, www, MX, NS,
 * staging, dev, cdn, mail, status, api, the admin login), check each, add those that answer.
 */
export const discoverServices = defineAction({
  method: 'POST',
  path: 'dms/api/v1/websites/:id/discover-services',
  service: 'dms',
  summary:
    "Discover a website's services from DNS (www, MX, NS, common subdomains) and add those whose check passes",
  access: 'permission',
  params: IdParams,
  response: Data(
    Type.Object({
      /** Checked and added, verified. */
      added: Type.Array(DiscoveredService),
      /** Already listed for the website (left as they are). */
      listed: Type.Array(DiscoveredService),
      /** Proposed but not answering: not added. */
      unanswered: Type.Array(DiscoveredService),
    }),
  ),
});
