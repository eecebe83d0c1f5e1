/**
 * The bulk CSV imports (SPEC §4, §5 domains; issue 18 the external backlinks ledger), one declaration each:
 * the server registers `POST {resource path}/import` from it, the console its import dialog.
 */
import { defineImport } from './define-import.js';
import { externalBacklinks as backlinkResource } from '../resources/backlinks.js';
import { domains as domainResource } from '../resources/domains.js';

/** Domain names with notes; a file may be a bare list of names (SPEC §5: columns Name and Notes, header optional). */
export const domains = defineImport({
  resource: domainResource,
  columns: {
    name: {
      header: 'Name',
      aliases: ['Domain', 'Domain name'],
      field: 'name',
      required: true,
      example: 'example.com',
    },
    notes: { header: 'Notes', aliases: ['Note'], field: 'notes', example: 'Bought in 2024' },
  },
  key: ['name'],
  maxRows: 10_000,
  values: { pulled_from: 'import' },
  headerOptional: true,
  words: {
    one: 'domain',
    many: 'domains',
    existing: 'already in the portfolio',
    exists: 'The name has already been taken',
  },
});

const noContact = { column: 'self_created', message: 'A self-created link has no contact' } as const;
const noPeriod = { column: 'permanent', message: 'A permanent link has no duration' } as const;

/**
 * The bought-link ledger: one row a link, checked by the SPEC §4 rules of the create (a permanent link has no
 * period, the end date is the start date plus the duration, a self-created link no contact, a price its
 * currency). The website is named by hostname or id, or left to the target URL's.
 */
export const externalBacklinks = defineImport({
  resource: backlinkResource,
  columns: {
    backlink: {
      header: 'Backlink',
      aliases: ['Backlink URL', 'Linking page', 'Source URL', 'Page URL'],
      field: 'backlink',
      required: true,
      example: 'https://blog.example.org/best-bonuses/',
    },
    url: {
      header: 'Target URL',
      aliases: ['Target', 'URL', 'Link to'],
      field: 'url',
      required: true,
      example: 'https://bonus-guide.example/casino-bonuses/',
    },
    website: {
      header: 'Website',
      aliases: ['Website ID', 'Site', 'Money site'],
      field: 'website_id',
      lookup: { field: 'hostname', host: true },
      example: 'bonus-guide.example (hostname or id; empty: the target URL’s site)',
    },
    anchor: { header: 'Anchor', aliases: ['Anchor text'], field: 'anchor', example: 'best casino bonuses' },
    rel: {
      header: 'Rel',
      aliases: ['Rel attribute'],
      field: 'rel_attribute',
      default: 'follow',
      example: 'follow, nofollow, sponsored or ugc (empty: follow)',
    },
    price: { header: 'Price', field: 'price', example: '250 or 249.50' },
    currency: { header: 'Currency', field: 'currency', example: 'EUR (ISO code)' },
    permanent: { header: 'Permanent', field: 'permanent', example: 'yes or no' },
    self_created: { header: 'Self-created', field: 'self_created', example: 'yes or no' },
    start_date: { header: 'Start date', aliases: ['Start'], field: 'start_date', example: '2026-01-10' },
    duration: {
      header: 'Duration (days)',
      aliases: ['Duration', 'Days'],
      field: 'duration',
      emptyWhen: noPeriod,
      example: '365',
    },
    contact_name: {
      header: 'Contact name',
      field: 'contact.name',
      emptyWhen: noContact,
      example: 'Anna Berg',
    },
    contact_email: {
      header: 'Contact e-mail',
      aliases: ['Contact email'],
      field: 'contact.email',
      emptyWhen: noContact,
      example: 'anna@blog.example.org',
    },
    contact_im: { header: 'Contact IM', field: 'contact.im', emptyWhen: noContact, example: '@anna.berg' },
    notes: { header: 'Notes', field: 'notes' },
    runcloud_name: { header: 'RunCloud name', field: 'runcloud_name' },
  },
  key: ['backlink', 'url', 'website_id'],
  maxRows: 2_000,
  preview: ['backlink', 'url', 'website', 'anchor', 'price', 'currency', 'start_date', 'duration'],
  words: {
    one: 'backlink',
    many: 'backlinks',
    existing: 'already in the ledger',
    exists: 'Already in the ledger',
  },
});
