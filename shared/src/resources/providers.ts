import { MARKETS } from '../constants.js';
import { CURRENCIES } from '../currencies.js';
import { defineResource } from '../fields.js';

const metric = { sortable: true, filter: 'range' } as const;

/**
 * A third-party website that sells links, as an agency or a freelancer offers it (issue 18, SPEC §3 Link
 * provider website): its price and currency, its SEO metrics and the market it reaches. The hostname is the
 * URL's; `price_in_euro` is computed from the latest stored exchange rate of its currency.
 */
export const linkProviderWebsites = defineResource({
  name: 'link-provider-websites',
  service: 'dms',
  path: 'dms/api/v1/link-provider-websites',
  label: 'Link providers',
  titleField: 'hostname',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: [
    'hostname',
    'agency',
    'price',
    'currency',
    'domain_rating',
    'ahrefs_traffic',
    'target_market',
    'language',
    'updated_at',
  ],
  fields: {
    url: {
      kind: 'string',
      format: 'url',
      label: 'URL',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    hostname: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    agency: { kind: 'string', maxLength: 200, filter: 'search', sortable: true, searchable: true },
    price: { kind: 'number', min: 0, max: 10_000_000, ...metric },
    currency: { kind: 'enum', values: CURRENCIES, required: true, filter: 'eq' },
    ssl: { kind: 'boolean', label: 'SSL', filter: 'eq' },
    language: { kind: 'string', maxLength: 50, filter: 'search', sortable: true },
    ip_address: { kind: 'string', format: 'ip', label: 'IP address', maxLength: 45, filter: 'search' },
    ahrefs_traffic: { kind: 'integer', label: 'Ahrefs traffic', min: 0, max: 10_000_000_000, ...metric },
    domain_rating: { kind: 'number', label: 'Domain rating', min: 0, max: 100, ...metric },
    citation_flow: { kind: 'integer', label: 'Citation flow', min: 0, max: 100, ...metric },
    trust_flow: { kind: 'integer', label: 'Trust flow', min: 0, max: 100, ...metric },
    target_market: { kind: 'enum', values: MARKETS, label: 'Target market', filter: 'eq', sortable: true },
    notes: { kind: 'text', maxLength: 20_000, searchable: true },
  },
});

/** A marketplace links are bought through (SPEC §2.5, menu-only): its commission and currency. */
export const marketplaceProviders = defineResource({
  name: 'marketplace-providers',
  service: 'dms',
  path: 'dms/api/v1/marketplace-providers',
  label: 'Marketplace providers',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  columns: ['name', 'url', 'commission_percent', 'currency', 'updated_at'],
  fields: {
    name: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    url: { kind: 'string', format: 'url', label: 'URL', maxLength: 2048, filter: 'search' },
    notes: { kind: 'text', maxLength: 20_000, searchable: true },
    commission_percent: {
      kind: 'number',
      label: 'Commission (%)',
      min: 0,
      max: 100,
      sortable: true,
      filter: 'range',
    },
    currency: { kind: 'enum', values: CURRENCIES, filter: 'eq' },
  },
});
