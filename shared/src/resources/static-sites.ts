import { MARKETS, WEBSITE_STATUSES } from '../constants.js';
import { defineResource } from '../fields.js';
import {
  STATIC_GATE_RESULTS,
  STATIC_RELEASE_OPERATIONS,
  STATIC_RELEASE_STATUSES,
  STATIC_STATES,
} from '../static-site.js';

/**
 * The websites list tab SAWDStatus (SPEC §2.5, §4): each LINK website with its static state (WordPress or
 * static), the live release, the number of releases, the last publish and the last gate's verdict. The
 * websites table through a narrow read-only declaration (LINK sites only): the static figures are computed per
 * row from the static sites' state, so a link site never converted reads WordPress.
 */
export const staticSites = defineResource({
  name: 'static-sites',
  service: 'dms',
  path: 'dms/api/v1/static-sites',
  label: 'SAWD status',
  titleField: 'hostname',
  defaultSort: { field: 'hostname', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  customFilters: {
    static_state: { value: 'enum', values: STATIC_STATES, label: 'Static state' },
    gate: { value: 'enum', values: STATIC_GATE_RESULTS, label: 'Last gate' },
  },
  fields: {
    hostname: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    url: { kind: 'string', format: 'url', readOnly: true },
    friendly_name: { kind: 'string', label: 'Name', readOnly: true, filter: 'search', searchable: true },
    target_market: { kind: 'enum', values: MARKETS, readOnly: true, filter: 'eq' },
    status: { kind: 'enum', values: WEBSITE_STATUSES, readOnly: true, filter: 'eq', sortable: true },
    runcloud_alias_id: { kind: 'integer', label: 'RunCloud alias ID', readOnly: true },
  },
});

/**
 * One static release of a link site (or an attempt the gate rejected): its folder name, what it holds, the
 * gate's verdict and reasons, and where it stands (live, previous, rolled back, rejected, pruned).
 */
export const staticReleases = defineResource({
  name: 'static-releases',
  service: 'dms',
  path: 'dms/api/v1/static-releases',
  label: 'Static releases',
  titleField: 'release',
  defaultSort: { field: 'created_at', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  columns: ['release', 'website_id', 'status', 'pages', 'bytes', 'gate_passed', 'published_at'],
  fields: {
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', readOnly: true, filter: 'eq' },
    release: { kind: 'string', label: 'Release', readOnly: true, filter: 'search', searchable: true },
    operation: { kind: 'enum', values: STATIC_RELEASE_OPERATIONS, readOnly: true, filter: 'eq' },
    status: {
      kind: 'enum',
      values: STATIC_RELEASE_STATUSES,
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    origin_url: { kind: 'string', label: 'Crawled from', readOnly: true },
    pages: { kind: 'integer', readOnly: true, sortable: true },
    files: { kind: 'integer', readOnly: true },
    bytes: { kind: 'integer', readOnly: true, sortable: true },
    redirects: { kind: 'integer', readOnly: true },
    sitemap_pages: { kind: 'integer', label: 'Sitemap pages', readOnly: true },
    gate_passed: { kind: 'boolean', label: 'Gate passed', readOnly: true, filter: 'eq' },
    /** `{reasons: string[], checks: [{check, passed, summary, problems}]}`: what the gate found. */
    gate: { kind: 'json', label: 'Gate', readOnly: true },
    duration_ms: { kind: 'integer', label: 'Build time (ms)', readOnly: true },
    switch_ms: { kind: 'number', label: 'Switch time (ms)', readOnly: true },
    cron_run_id: { kind: 'reference', reference: 'dms-cron-jobs', label: 'Cron run', readOnly: true },
    published_at: { kind: 'timestamp', label: 'Published', readOnly: true, sortable: true, filter: 'range' },
    rolled_back_at: { kind: 'timestamp', label: 'Rolled back', readOnly: true },
  },
});
