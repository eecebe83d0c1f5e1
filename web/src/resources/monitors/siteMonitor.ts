import type { RaRecord } from 'react-admin';

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
