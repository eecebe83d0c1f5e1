import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { normaliseUrl } from '../websites.js';
import { registerProviderActions } from './actions.js';
import { PRICE_IN_EURO_SQL } from './rates-repository.js';

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
