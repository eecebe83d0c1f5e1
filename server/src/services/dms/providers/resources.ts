import { resources } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type WriteEvent } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { registerProviderActions } from './actions.js';
import { PRICE_IN_EURO_SQL } from './rates-repository.js';

/** Normalises the URL (https:// when no scheme) and derives the hostname from it, as websites do. */
function normaliseUrl(e: WriteEvent): void {
  const raw = e.values.url;
  if (typeof raw !== 'string') return;
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
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

/** A provider site: its hostname is its URL's; its price in euro is computed from the stored rates. */
export const linkProviderWebsitesResource = defineServerResource<
  typeof resources.linkProviderWebsites.fields,
  AppDeps
>({
  spec: resources.linkProviderWebsites,
  computed: {
    price_in_euro: { kind: 'number', sql: PRICE_IN_EURO_SQL, sortable: true },
  },
  hooks: { beforeWrite: normaliseUrl },
  actions: registerProviderActions,
});

export const marketplaceProvidersResource = defineServerResource({
  spec: resources.marketplaceProviders,
});
