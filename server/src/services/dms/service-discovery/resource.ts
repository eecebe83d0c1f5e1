import { isServiceType, resources, SERVICE_TYPE_INFO, type ServiceType } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type Row, type WriteEvent } from '../../../core/resource.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import { websiteHostname } from '../wordpress/resources.js';
import { registerServiceActions } from './actions.js';
import { normaliseHost, normaliseRecordName, normaliseServiceUrl, urlHost } from './names.js';

/** A DNS type's default location: the website's domain (its host for a CDN alias); null without a website. */
async function defaultRecordName(
  tx: Queryable,
  type: ServiceType,
  websiteId: unknown,
): Promise<string | null> {
  if (typeof websiteId !== 'number') return null;
  const r = await tx.query<{ hostname: string; domain: string | null }>(
    `SELECT w.hostname, d.name AS domain FROM websites w LEFT JOIN domains d ON d.id = w.domain_id
      WHERE w.id = $1`,
    [websiteId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return type === 'cdn' ? row.hostname.toLowerCase() : (row.domain ?? row.hostname.replace(/^www\./i, ''));
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * What a service says, held by the server: an HTTP type's location is an http(s) URL and its hostname a host
 * name or address (the URL's host when left empty, or when it was the old URL's host and the URL moved); a DNS
 * type's location is a DNS name (the website's domain when left empty) and its hostname the name its record
 * must hold. A change of what it says clears the last check, which spoke of something else.
 */
async function checkFields(e: WriteEvent): Promise<void> {
  const v = e.values;
  if (!['type', 'location', 'hostname', 'website_id'].some((k) => k in v)) return;
  const merged: Row = { ...e.existing, ...v };
  const type = merged.type;
  if (!isServiceType(type)) return;
  const errors: Record<string, string> = {};
  const info = SERVICE_TYPE_INFO[type];
  if (info.check === 'http') {
    const raw = text(merged.location);
    const url = raw ? normaliseServiceUrl(raw) : { error: 'Enter the URL to request (https://…)' };
    if ('error' in url) errors.location = url.error;
    else {
      v.location = url.url;
      const old = e.existing;
      const followsUrl =
        !('hostname' in e.input) &&
        old !== null &&
        typeof old.location === 'string' &&
        /^https?:\/\//.test(old.location) &&
        old.hostname === urlHost(old.location);
      const given = followsUrl ? '' : text(merged.hostname);
      const host = given ? normaliseHost(given, true) : url.host;
      if (host === null) errors.hostname = 'Enter a host name (www.example.com) or an IP address';
      else v.hostname = host;
    }
  } else {
    const raw = text(merged.location);
    const location = raw ? normaliseRecordName(raw) : await defaultRecordName(e.tx, type, merged.website_id);
    if (location === null) errors.location = 'Enter a DNS name (example.com)';
    else v.location = location;
    const given = text(merged.hostname);
    const host = given ? normaliseHost(given, false) : null;
    if (!given) errors.hostname = `Enter the host the ${info.record} record names`;
    else if (host === null) errors.hostname = 'Enter a host name (mx.example.com), not an address';
    else v.hostname = host;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (
    e.existing &&
    ['type', 'location', 'hostname'].some((k) => v[k] !== undefined && v[k] !== e.existing![k])
  ) {
    v.verified = false;
    v.last_checked = null;
    v.check_message = null;
    v.evidence = null;
  }
}

export const serviceDiscoveryResource = defineServerResource<
  typeof resources.serviceDiscovery.fields,
  AppDeps
>({
  spec: resources.serviceDiscovery,
  table: 'service_discoveries',
  computed: { ...websiteHostname },
  conflicts: {
    service_discoveries_service_key: 'This website already lists this service at this location and host',
  },
  hooks: { beforeWrite: checkFields },
  actions: registerServiceActions,
});
