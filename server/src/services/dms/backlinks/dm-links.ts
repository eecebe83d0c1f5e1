import { resources } from '@sitefleet/shared';
import { defineServerResource, type WriteEvent } from '../../../core/resource.js';
import { websiteHostname } from '../wordpress/resources.js';
import { websiteOf } from './resources.js';

/** A DM link belongs to the website its URL is on, when the form names none. */
async function linkWebsite(e: WriteEvent): Promise<void> {
  const url = e.values.url;
  if (e.values.website_id !== undefined && e.values.website_id !== null) return;
  if (typeof url !== 'string' || (e.existing && e.existing.website_id !== null && !('url' in e.input)))
    return;
  const site = await websiteOf(e, url);
  if (site !== null) e.values.website_id = site;
}

export const dmLinksResource = defineServerResource({
  spec: resources.dmLinks,
  table: 'dm_links',
  computed: { ...websiteHostname },
  conflicts: { dm_links_pair_key: 'This page’s link to this URL is already listed' },
  hooks: { beforeWrite: linkWebsite },
});
