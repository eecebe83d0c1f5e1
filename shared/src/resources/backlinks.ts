import {
  DISAVOW_TYPES,
  DM_LINK_SOURCES,
  DM_LINK_STATUSES,
  LINK_CHECK_STATUSES,
  REDIRECTION_TYPES,
} from '../backlinks.js';
import { MARKETS, REL_ATTRIBUTES, WEBSITE_STATUSES, WEBSITE_TYPES } from '../constants.js';
import { CURRENCIES } from '../currencies.js';
import { defineResource } from '../fields.js';

const checked = { readOnly: true, sortable: true, filter: 'range' } as const;

/**
 * A bought (or self-made) backlink: a page elsewhere that should link to one of our URLs with an agreed
 * anchor and rel, for a price and a period (SPEC §3 External backlink, §4 form rules). The check fields are
 * the last link check's; its evidence is kept per check.
 */
export const externalBacklinks = defineResource({
  name: 'external-backlinks',
  service: 'dms',
  path: 'dms/api/v1/external-backlinks',
  label: 'External backlinks',
  titleField: 'backlink',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  customFilters: {
    attention: {
      value: 'enum',
      label: 'Needs attention',
      values: ['alerts', 'errors'],
    },
  },
  columns: [
    'backlink',
    'website_id',
    'anchor',
    'rel_attribute',
    'price',
    'currency',
    'end_date',
    'status',
    'last_checked_at',
  ],
  fields: {
    backlink: {
      kind: 'string',
      format: 'url',
      label: 'Backlink (linking page)',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    url: {
      kind: 'string',
      format: 'url',
      label: 'Target URL',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq' },
    anchor: { kind: 'string', maxLength: 500, filter: 'search', searchable: true },
    rel_attribute: { kind: 'enum', values: REL_ATTRIBUTES, label: 'Rel', filter: 'eq', required: true },
    price: { kind: 'number', min: 0, max: 10_000_000, sortable: true, filter: 'range' },
    currency: { kind: 'enum', values: CURRENCIES, filter: 'eq' },
    permanent: { kind: 'boolean', filter: 'eq' },
    self_created: { kind: 'boolean', label: 'Self-created', filter: 'eq' },
    start_date: { kind: 'timestamp', label: 'Start date', sortable: true, filter: 'range' },
    duration: { kind: 'integer', label: 'Duration (days)', min: 1, max: 3650 },
    end_date: { kind: 'timestamp', label: 'End date', ...checked },
    contact: { kind: 'json', label: 'Contact' },
    notes: { kind: 'text', maxLength: 20_000, searchable: true },
    runcloud_name: { kind: 'string', label: 'RunCloud name', maxLength: 255, filter: 'search' },
    ip_info: { kind: 'json', label: 'IP info', readOnly: true },
    has_captcha: { kind: 'boolean', label: 'Has captcha', readOnly: true, filter: 'eq' },
    status: {
      kind: 'enum',
      values: LINK_CHECK_STATUSES,
      label: 'Status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    last_checked_at: { kind: 'timestamp', label: 'Last checked', ...checked },
    referring_domains: { kind: 'integer', label: 'Referring domains', ...checked },
    domain_rating: { kind: 'number', label: 'Domain rating', ...checked },
  },
});

/**
 * What a link check found changed (SPEC §3 Warning; the menu-only external-backlink-status): written by the
 * checks, ignored by staff (only those of a backlink).
 */
export const externalBacklinkStatus = defineResource({
  name: 'external-backlink-status',
  service: 'dms',
  path: 'dms/api/v1/external-backlink-status',
  label: 'Backlink warnings',
  titleField: 'message',
  defaultSort: { field: 'created_at', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['message', 'external_backlink_id', 'important', 'expected', 'found', 'created_at'],
  fields: {
    external_backlink_id: {
      kind: 'reference',
      reference: 'external-backlinks',
      label: 'Backlink',
      filter: 'eq',
      readOnly: true,
    },
    message: { kind: 'string', readOnly: true, filter: 'search', searchable: true },
    important: { kind: 'boolean', readOnly: true, filter: 'eq' },
    // {rows: [{field, expected, found}]}: the table of what changed (SPEC §3 Warning data).
    data: { kind: 'json', label: 'Details', readOnly: true },
    expected: { kind: 'string', readOnly: true },
    found: { kind: 'string', readOnly: true },
    ignored_at: { kind: 'timestamp', label: 'Ignored at', readOnly: true, filter: 'range' },
  },
});

/**
 * A domain or URL a website disavows (SPEC §3 Disavowed domain; website required, SPEC §5): exported per
 * website in Google's disavow-file format, and looked up by `is-disavowed`.
 */
export const disavowedDomains = defineResource({
  name: 'disavowed-domains',
  service: 'dms',
  path: 'dms/api/v1/disavowed-domains',
  label: 'Disavowed domains',
  titleField: 'value',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['value', 'type', 'website_id', 'notes', 'updated_at'],
  fields: {
    value: {
      kind: 'string',
      label: 'Domain or URL',
      // A domain for a domain entry, a URL for a URL entry: the type decides, the server checks it.
      format: 'target',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    type: { kind: 'enum', values: DISAVOW_TYPES, required: true, filter: 'eq', sortable: true },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    notes: { kind: 'text', maxLength: 2000, searchable: true },
  },
});

/**
 * An affiliate link of a website (SPEC §3): its permalink on the site (`/go/brand/`) answers a 301 or 302
 * to the operator's tracking URL; `link_confirmed` says whether the last check saw exactly that.
 */
export const affiliateLinks = defineResource({
  name: 'affiliate-links',
  service: 'dms',
  path: 'dms/api/v1/affiliate-links',
  label: 'Affiliate links',
  titleField: 'permalink',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['casino_name', 'permalink', 'redirect_to', 'redirection_type', 'link_confirmed', 'updated_at'],
  fields: {
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    casino_name: {
      kind: 'string',
      label: 'Casino name',
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    permalink: {
      kind: 'string',
      label: 'Permalink',
      required: true,
      maxLength: 500,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    redirect_to: { kind: 'string', format: 'url', label: 'Redirect to', maxLength: 2048, filter: 'search' },
    redirection_type: {
      kind: 'enum',
      values: REDIRECTION_TYPES,
      label: 'Redirection type',
      filter: 'eq',
      required: true,
    },
    link_confirmed: { kind: 'boolean', label: 'Link confirmed', readOnly: true, filter: 'eq' },
    last_checked_at: { kind: 'timestamp', label: 'Last checked', readOnly: true, sortable: true },
    check_message: { kind: 'string', label: 'Last check', readOnly: true },
  },
});

/**
 * The anti-text diversity list (SPEC §3 Anchor word stat): per website, each word of its bought links'
 * anchors, in how many of the links it stands and their share; recomputed whenever a link changes, so an
 * over-optimised anchor profile shows at once.
 */
export const anchorWordStats = defineResource({
  name: 'anchor-word-stats',
  service: 'dms',
  path: 'dms/api/v1/anchor-word-stats',
  label: 'Anti-text diversity',
  titleField: 'word',
  defaultSort: { field: 'percentage', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['word', 'website_id', 'count', 'total_links', 'percentage'],
  fields: {
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', readOnly: true, filter: 'eq' },
    word: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    count: { kind: 'integer', label: 'Links with it', readOnly: true, sortable: true, filter: 'range' },
    total_links: { kind: 'integer', label: 'Links', readOnly: true },
    percentage: {
      kind: 'number',
      label: 'Share (%)',
      readOnly: true,
      sortable: true,
      filter: 'range',
      min: 0,
      max: 100,
    },
  },
});

/**
 * The websites list tab Link Network Overview (SPEC §2.5): each website of the network with its bought
 * backlinks (live, lost, unverifiable), what they cost in euro, its referring domains and its outbound links
 * to other sites of the network; the SPEC §9 domain-count filter keeps the sites with more than one backlink.
 * The websites table through a narrow read-only declaration: its figures are computed per row.
 */
export const linkNetwork = defineResource({
  name: 'link-network',
  service: 'dms',
  path: 'dms/api/v1/link-network',
  label: 'Link network',
  titleField: 'hostname',
  defaultSort: { field: 'hostname', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  customFilters: {
    multiple_backlinks: { value: 'boolean', label: 'More than 1 backlink' },
  },
  fields: {
    hostname: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    url: { kind: 'string', format: 'url', readOnly: true },
    friendly_name: { kind: 'string', label: 'Name', readOnly: true, filter: 'search', searchable: true },
    target_market: { kind: 'enum', values: MARKETS, readOnly: true, filter: 'eq' },
    type: { kind: 'enum', values: WEBSITE_TYPES, readOnly: true, filter: 'eq', sortable: true },
    status: { kind: 'enum', values: WEBSITE_STATUSES, readOnly: true, filter: 'eq', sortable: true },
  },
});

/**
 * DM links (SPEC §3 DM link): links to the network's sites found elsewhere (by Ahrefs, Search Console, a
 * website scan, or entered by staff) that nobody bought: the page (`source_url`), the link's text, our URL it
 * points at, when it was found and published, and whether it is still there.
 */
export const dmLinks = defineResource({
  name: 'dm-links',
  service: 'dms',
  path: 'dms/api/v1/dm-links',
  label: 'DM links',
  titleField: 'source_url',
  defaultSort: { field: 'added', order: 'DESC' },
  columns: ['source_url', 'url', 'text', 'status', 'source', 'added', 'publish_date'],
  fields: {
    url: {
      kind: 'string',
      format: 'url',
      label: 'Our URL',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    source_url: {
      kind: 'string',
      format: 'url',
      label: 'Linking page',
      required: true,
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq' },
    text: { kind: 'string', label: 'Link text', maxLength: 500, filter: 'search', searchable: true },
    added: { kind: 'timestamp', label: 'Found', sortable: true, filter: 'range' },
    publish_date: { kind: 'timestamp', label: 'Published', sortable: true, filter: 'range' },
    status: { kind: 'enum', values: DM_LINK_STATUSES, filter: 'eq', sortable: true, required: true },
    source: { kind: 'enum', values: DM_LINK_SOURCES, filter: 'eq', sortable: true, required: true },
  },
});
