import { CRON_RUN_STATUSES, CRON_RUN_TRIGGERS, JOB_SERVICES, type JobService } from '../jobs.js';
import { defineResource, type FieldSpec, type ResourceSpec } from '../fields.js';

const cronRunFields = {
  command: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
  description: { kind: 'string', readOnly: true },
  arguments: { kind: 'json', readOnly: true },
  trigger: { kind: 'enum', values: CRON_RUN_TRIGGERS, readOnly: true, filter: 'eq', sortable: true },
  created_by: { kind: 'reference', reference: 'users', label: 'Started by', readOnly: true, filter: 'eq' },
  status: { kind: 'enum', values: CRON_RUN_STATUSES, readOnly: true, filter: 'eq', sortable: true },
  start_time: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
  end_time: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
  total_time: { kind: 'integer', label: 'Total time (s)', readOnly: true, sortable: true },
  job_count: { kind: 'integer', readOnly: true, sortable: true },
  done_jobs: { kind: 'integer', readOnly: true, sortable: true },
  remaining_jobs: { kind: 'integer', readOnly: true, filter: 'range', sortable: true },
  success_count: { kind: 'integer', label: 'Successful jobs', readOnly: true, sortable: true },
  failed_count: { kind: 'integer', label: 'Failed jobs', readOnly: true, filter: 'range', sortable: true },
  output: { kind: 'json', readOnly: true },
} as const;

function cronRuns(service: JobService) {
  return defineResource({
    name: `${service}-cron-jobs`,
    service,
    path: `${service}/api/v1/cron-jobs`,
    label: `Cron jobs (${service})`,
    titleField: 'command',
    defaultSort: { field: 'start_time', order: 'DESC' },
    operations: { create: false, update: false, delete: false },
    fields: cronRunFields,
  });
}

/** Cron runs of each service that runs commands (SPEC §2.5): one table, one declaration per service path. */
export const cronJobs = Object.fromEntries(JOB_SERVICES.map((s) => [s, cronRuns(s)])) as Record<
  JobService,
  ResourceSpec<typeof cronRunFields>
>;

/** A reference set by the job that writes the row (read-only here), filterable by equality. */
const writtenBy = (reference: string, label: string) =>
  ({ kind: 'reference', reference, label, readOnly: true, filter: 'eq' }) as const satisfies FieldSpec;

/** One search-index check of a domain (website show, Indexed History tab). */
export const indexedHistory = defineResource({
  name: 'indexed-history',
  service: 'dms',
  path: 'dms/api/v1/indexed-history',
  label: 'Indexed history',
  titleField: 'query',
  defaultSort: { field: 'checked_at', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    domain_id: writtenBy('domains', 'Domain'),
    website_id: writtenBy('websites', 'Website'),
    checked_at: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
    indexed: { kind: 'boolean', readOnly: true, filter: 'eq', sortable: true },
    result_count: { kind: 'integer', label: 'Results', readOnly: true, sortable: true },
    provider: { kind: 'string', readOnly: true, filter: 'eq' },
    query: { kind: 'string', readOnly: true, filter: 'search' },
    cron_run_id: writtenBy('dms-cron-jobs', 'Cron run'),
  },
});

/** A page of a website found by its last scan (SPEC §7.5 website scan). */
export const websitePages = defineResource({
  name: 'website-pages',
  service: 'dms',
  path: 'dms/api/v1/website-pages',
  label: 'Scanned pages',
  titleField: 'url',
  defaultSort: { field: 'url', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    website_id: writtenBy('websites', 'Website'),
    url: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    status: { kind: 'integer', label: 'HTTP status', readOnly: true, filter: 'eq', sortable: true },
    title: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    internal_links: { kind: 'integer', readOnly: true, sortable: true },
    outbound_links: { kind: 'integer', readOnly: true, filter: 'range', sortable: true },
    error: { kind: 'string', readOnly: true },
    scanned_at: { kind: 'timestamp', readOnly: true, filter: 'range', sortable: true },
    cron_run_id: writtenBy('dms-cron-jobs', 'Cron run'),
  },
});

/**
 * A link found on a website's page: outbound ones are the website's pages of SPEC §3 (page, backlink,
 * hits); internal ones map the site's structure. Link-network views read these.
 */
export const websiteLinks = defineResource({
  name: 'website-links',
  service: 'dms',
  path: 'dms/api/v1/website-links',
  label: 'Links found',
  titleField: 'backlink',
  defaultSort: { field: 'hits', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    website_id: writtenBy('websites', 'Website'),
    page: {
      kind: 'string',
      label: 'Page',
      readOnly: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    backlink: {
      kind: 'string',
      label: 'Link',
      readOnly: true,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    target_host: { kind: 'string', readOnly: true, filter: 'search', sortable: true },
    anchor: { kind: 'string', readOnly: true, filter: 'search', searchable: true },
    rel: { kind: 'strings', readOnly: true },
    internal: { kind: 'boolean', readOnly: true, filter: 'eq' },
    hits: { kind: 'integer', readOnly: true, sortable: true },
    scanned_at: { kind: 'timestamp', readOnly: true, sortable: true },
  },
});
