import { MONITOR_LIMITS } from '@sitefleet/shared';
import type { RaRecord } from 'react-admin';
import { errorDetail } from '../../providers/http';

export interface SiteMonitorData {
  website_id: RaRecord['id'];
  type: 'http';
  url: string;
  friendly_name: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The monitor the websites list creates in one click: an http check of the site's URL (https:// and the
 * host name when it has none), named like the site (its friendly name, else its host). Null for a site
 * with neither URL nor host.
 */
export function siteMonitorData(site: RaRecord): SiteMonitorData | null {
  const hostname = text(site.hostname);
  const url = text(site.url) || (hostname ? `https://${hostname}` : '');
  if (!url) return null;
  return {
    website_id: site.id,
    type: 'http',
    url,
    friendly_name: text(site.friendly_name) || hostname || null,
  };
}

/** What the confirmation of 'Monitor this site' says: which site, and the monitor that will be created. */
export function siteMonitorConfirmation(
  site: RaRecord,
  data: SiteMonitorData,
): { title: string; content: string } {
  const name = text(site.friendly_name) || text(site.hostname) || data.url;
  const minutes = MONITOR_LIMITS.intervalDefault / 60;
  return {
    title: `Monitor ${name}?`,
    content:
      `An HTTP monitor named "${data.friendly_name ?? name}" will check ${data.url} every ${minutes} minutes ` +
      'and show it as down when it stops answering.',
  };
}

/** Why the server refused: the target's own reason (a private address, say) over 'Some fields are not valid'. */
export function siteMonitorError(error: unknown): string {
  const url = (error as { body?: { errors?: { url?: unknown } } } | null)?.body?.errors?.url;
  return typeof url === 'string' && url ? url : errorDetail(error);
}
