import { defineResource } from '../fields.js';
import { RANK_WATCH } from '../seo.js';

/** Lighthouse runs a site on both devices (SPEC §3 Lighthouse: desktop and mobile result lists). */
export const LIGHTHOUSE_DEVICES = ['desktop', 'mobile'] as const;

const website = {
  kind: 'reference',
  reference: 'websites',
  label: 'Website',
  required: true,
  filter: 'eq',
} as const;
/** A day: the epoch second of its 00:00 UTC, like every other time. */
const day = { kind: 'timestamp', label: 'Day', required: true, sortable: true, filter: 'range' } as const;
/** A figure; a sortable one is also filtered by range. */
const count = (label: string) => ({ kind: 'integer', label }) as const;
const sortedCount = (label: string) => ({ kind: 'integer', label, sortable: true, filter: 'range' }) as const;
const money = (label: string) => ({ kind: 'number', label }) as const;

/** Ahrefs' figures of a site on a day (SPEC §3 Ahrefs metrics), written by the daily import. */
export const ahrefsMetrics = defineResource({
  name: 'ahrefs-metrics',
  service: 'dms',
  path: 'dms/api/v1/ahrefs-metrics',
  label: 'Ahrefs metrics',
  titleField: 'id',
  defaultSort: { field: 'day', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['website_id', 'day', 'domain_rating', 'live', 'live_refdomains', 'org_traffic', 'org_keywords'],
  fields: {
    website_id: website,
    day,
    domain_rating: {
      kind: 'number',
      label: 'Domain rating',
      sortable: true,
      filter: 'range',
      min: 0,
      max: 100,
    },
    live: sortedCount('Live backlinks'),
    all_time: count('All-time backlinks'),
    live_refdomains: sortedCount('Live referring domains'),
    all_time_refdomains: count('All-time referring domains'),
    org_keywords: sortedCount('Organic keywords'),
    org_keywords_1_3: count('Organic keywords in top 3'),
    org_traffic: sortedCount('Organic traffic'),
    org_cost: money('Organic traffic value'),
    paid_keywords: count('Paid keywords'),
    paid_traffic: count('Paid traffic'),
    paid_cost: money('Paid traffic cost'),
    paid_pages: count('Paid pages'),
  },
});

/** Lighthouse scores (0-100) of a site on a day, per device (SPEC §3 Lighthouse). */
export const lighthouseMetrics = defineResource({
  name: 'lighthouse-metrics',
  service: 'dms',
  path: 'dms/api/v1/lighthouse-metrics',
  label: 'Lighthouse metrics',
  titleField: 'id',
  defaultSort: { field: 'day', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: [
    'website_id',
    'day',
    'device',
    'performance',
    'accessibility',
    'seo',
    'best_practices',
    'final_url',
    'lighthouse_version',
    'error',
  ],
  fields: {
    website_id: website,
    day,
    device: { kind: 'enum', values: LIGHTHOUSE_DEVICES, required: true, filter: 'eq', sortable: true },
    performance: sortedCount('Performance'),
    accessibility: sortedCount('Accessibility'),
    seo: sortedCount('SEO'),
    best_practices: sortedCount('Best practices'),
    pwa: count('PWA'),
    final_url: { kind: 'string', format: 'url', label: 'Final URL', maxLength: 2048, filter: 'search' },
    lighthouse_version: { kind: 'string', label: 'Lighthouse version', maxLength: 40 },
    error: { kind: 'string', maxLength: 2000, filter: 'null' },
  },
});

/** A GA4 property (SPEC §3 GA property): the import keeps it; staff only link it to its money site. */
export const gaProperties = defineResource({
  name: 'ga-properties',
  service: 'dms',
  path: 'dms/api/v1/ga-properties',
  label: 'GA properties',
  titleField: 'display_name',
  defaultSort: { field: 'display_name', order: 'ASC' },
  operations: { create: false, delete: false },
  columns: ['display_name', 'name', 'account_id', 'website_id', 'property_updated'],
  fields: {
    display_name: {
      kind: 'string',
      label: 'Display name',
      readOnly: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    name: {
      kind: 'string',
      label: 'Property',
      readOnly: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    parent: { kind: 'string', label: 'Parent account', readOnly: true },
    account_id: { kind: 'string', label: 'Account', readOnly: true, filter: 'eq', sortable: true },
    kind: { kind: 'string', readOnly: true },
    website_id: {
      kind: 'reference',
      reference: 'websites',
      label: 'Money site',
      unique: true,
      filter: 'eq',
      referenceWhere: { match: { type: 'MONEY' }, message: 'Pick a money site' },
    },
    property_created: { kind: 'timestamp', label: 'Created in GA', readOnly: true },
    property_updated: { kind: 'timestamp', label: 'Updated in GA', readOnly: true, sortable: true },
  },
});

/** A domain AccuRanker tracks (SPEC §3 Accuranker domain); staff only link it to its website. */
export const accurankerDomains = defineResource({
  name: 'accuranker-domains',
  service: 'dms',
  path: 'dms/api/v1/accuranker-domains',
  label: 'AccuRanker domains',
  titleField: 'domain',
  defaultSort: { field: 'domain', order: 'ASC' },
  operations: { create: false, delete: false },
  columns: ['domain', 'display_name', 'website_id', 'keyword_count', 'last_scraped'],
  fields: {
    domain: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    display_name: {
      kind: 'string',
      label: 'Display name',
      readOnly: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    accuranker_id: { kind: 'integer', label: 'AccuRanker ID', readOnly: true, filter: 'eq' },
    google_business_name: { kind: 'string', label: 'Google Business name', readOnly: true },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq' },
    last_scraped: {
      kind: 'timestamp',
      label: 'Last scraped',
      readOnly: true,
      sortable: true,
      filter: 'range',
    },
  },
});

/** A keyword AccuRanker tracks for a domain (the domain's Keywords tab; no screens of its own). */
export const accurankerKeywords = defineResource({
  name: 'accuranker-keywords',
  service: 'dms',
  path: 'dms/api/v1/accuranker-keywords',
  label: 'AccuRanker keywords',
  titleField: 'keyword',
  defaultSort: { field: 'keyword', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  columns: ['keyword', 'search_engine', 'search_volume', 'location'],
  fields: {
    domain_id: {
      kind: 'reference',
      reference: 'accuranker-domains',
      label: 'Domain',
      required: true,
      filter: 'eq',
    },
    accuranker_id: { kind: 'integer', label: 'AccuRanker ID', filter: 'eq' },
    keyword: { kind: 'string', required: true, filter: 'search', sortable: true, searchable: true },
    search_engine: { kind: 'string', label: 'Search engine', filter: 'eq' },
    // SPEC §3: 1 is Desktop, anything else Mobile (the server returns it as `device`).
    search_type: { kind: 'integer', label: 'Search type', filter: 'eq' },
    search_volume: { kind: 'integer', label: 'Volume', sortable: true, filter: 'range' },
    location: { kind: 'string', filter: 'search' },
  },
});

/**
 * Who hears when a domain's keywords cross a rank (SPEC §3 Accuranker domain notifications, §7.5).
 * `keywords` maps a keyword id of the domain to a position: the subscriber is told when that keyword falls
 * below the position (or out of the results) and again when it climbs back to it or above. Messages go to
 * the e-mail address, the phone number (SMS), or both.
 */
export const accurankerNotifications = defineResource({
  name: 'accuranker-notifications',
  service: 'dms',
  path: 'dms/api/v1/accuranker-notifications',
  label: 'Rank notifications',
  titleField: 'id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  nested: { parent: 'accuranker-domains', field: 'domain_id', segment: 'notifications' },
  columns: ['domain_id', 'keyword_count', 'email', 'phone_number', 'last_alert_at', 'updated_at'],
  fields: {
    domain_id: {
      kind: 'reference',
      reference: 'accuranker-domains',
      label: 'Domain',
      required: true,
      filter: 'eq',
    },
    keywords: {
      kind: 'json',
      label: 'Keywords',
      required: true,
      mapOf: {
        reference: 'accuranker-keywords',
        sameAs: 'domain_id',
        min: RANK_WATCH.minRank,
        max: RANK_WATCH.maxRank,
        maxKeys: RANK_WATCH.maxKeywords,
      },
    },
    email: { kind: 'string', label: 'E-mail', format: 'email', maxLength: 254, filter: 'search' },
    phone_number: { kind: 'string', label: 'Phone number', format: 'phone', maxLength: 32 },
  },
});

/** Affiliate conversions of a site on a day (SPEC §3 Daily conversion metrics; menu-only list). */
export const earnings = defineResource({
  name: 'earnings',
  service: 'dms',
  path: 'dms/api/v1/earnings',
  label: 'Earnings',
  titleField: 'id',
  defaultSort: { field: 'day', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['website_id', 'day', 'clicks', 'signups', 'ftd'],
  fields: {
    website_id: website,
    day,
    clicks: sortedCount('Clicks'),
    signups: sortedCount('Signups'),
    ftd: sortedCount('FTD'),
  },
});
