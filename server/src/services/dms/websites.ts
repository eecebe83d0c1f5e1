import { resources, toAsciiDomain } from '@sitefleet/shared';
import { invalid } from '../../core/errors.js';
import { defineServerResource, type WriteEvent } from '../../core/resource.js';
import type { AppDeps } from '../../deps.js';
import { registerDirectoryActions } from './backlinks/directory.js';
import { domainIdForHost } from './domain-match-repository.js';

/** Normalises the URL (https:// when no scheme) and derives the hostname from it (websites, link providers). */
export function normaliseUrl(e: WriteEvent): void {
  const raw = e.values.url;
  if (typeof raw !== 'string') return;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid({ url: 'Must be a url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid({ url: 'Must be an http or https url' });
  e.values.url = url.toString().replace(/\/$/, url.pathname === '/' ? '' : '/');
  e.values.hostname = url.hostname.toLowerCase();
}

/** Links a new site to the portfolio domain its hostname belongs to, when the form named none. */
async function linkDomain(e: WriteEvent): Promise<void> {
  if (e.existing || e.values.domain_id != null || typeof e.values.hostname !== 'string') return;
  const host = toAsciiDomain(e.values.hostname);
  if (!host) return;
  const candidates = host.split('.').map((_, i, parts) => parts.slice(i).join('.'));
  const domainId = await domainIdForHost(e.tx, candidates);
  if (domainId !== null) e.values.domain_id = domainId;
}

export const websitesResource = defineServerResource<typeof resources.websites.fields, AppDeps>({
  spec: resources.websites,
  computed: {
    domain: {
      kind: 'object',
      sql: `SELECT jsonb_build_object('id', d.id, 'name', d.name, 'unicode_name', d.unicode_name) FROM domains d WHERE d.id = t.domain_id`,
    },
  },
  customFilters: {
    // The DeIndexed Sites tab: sites whose domain the deindex checker found gone from the index.
    deindexed: (value) =>
      typeof value === 'boolean'
        ? `${value ? '' : 'NOT '}EXISTS (SELECT 1 FROM domains d WHERE d.id = t.domain_id AND d.deindexed)`
        : null,
  },
  hooks: {
    async beforeWrite(e) {
      normaliseUrl(e);
      await linkDomain(e);
    },
  },
  // The show's Directory tab (the listings of a directory site).
  actions: registerDirectoryActions,
});
