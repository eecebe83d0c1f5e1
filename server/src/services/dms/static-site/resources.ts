import { resources } from '@sitefleet/shared';
import { defineServerResource, type ComputedField } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { registerStaticSiteActions } from './actions.js';

const ofSite = (column: string) => `SELECT s.${column} FROM static_sites s WHERE s.website_id = t.id`;
const ofLive = (column: string) =>
  `SELECT r.${column} FROM static_sites s JOIN static_releases r ON r.id = s.current_release_id WHERE s.website_id = t.id`;
const GATE = `SELECT CASE WHEN s.last_gate_passed THEN 'passed' WHEN NOT s.last_gate_passed THEN 'failed' END
  FROM static_sites s WHERE s.website_id = t.id`;
const STATE = `SELECT coalesce((${ofSite('state')}), 'wordpress')`;
const value = (kind: ComputedField['kind'], sql: string, sortable = false): ComputedField => ({
  kind,
  sql,
  sortable,
});

/**
 * SAWDStatus (SPEC §2.5, §4): the LINK websites with their static state, live release, releases, last publish
 * and last gate, computed per row from static_sites and static_releases (a site never converted reads
 * WordPress). The progress of a running operation and where WordPress is crawled from come with it: the
 * website show page's 'static generator' reads them.
 */
export const staticSitesResource = defineServerResource<typeof resources.staticSites.fields, AppDeps>({
  spec: resources.staticSites,
  table: 'websites',
  scope: { type: 'LINK' },
  computed: {
    static_state: value('string', STATE, true),
    current_release: value('string', ofLive('release'), true),
    current_pages: value('integer', ofLive('pages')),
    current_bytes: value('integer', ofLive('bytes')),
    releases: value(
      'integer',
      `SELECT count(*) FROM static_releases r WHERE r.website_id = t.id AND r.status <> 'rejected'`,
      true,
    ),
    rejected: value(
      'integer',
      `SELECT count(*) FROM static_releases r WHERE r.website_id = t.id AND r.status = 'rejected'`,
    ),
    last_publish_at: value('integer', ofSite('last_publish_at'), true),
    gate: value('string', GATE, true),
    gate_result: value('object', ofSite('last_gate')),
    origin_url: value(
      'string',
      `SELECT coalesce((${ofSite('origin_url')}), (SELECT c.url FROM wp_sites c WHERE c.website_id = t.id), t.url)`,
    ),
    running_run_id: value(
      'integer',
      `SELECT s.busy_run_id FROM static_sites s
        WHERE s.website_id = t.id AND NOT EXISTS (SELECT 1 FROM cron_runs r WHERE r.id = s.busy_run_id AND r.end_time IS NOT NULL)`,
    ),
    last_run_id: value('integer', ofSite('last_run_id')),
    progress: value('object', ofSite('progress')),
  },
  customFilters: {
    static_state: (v, params) =>
      v === 'wordpress' || v === 'static' ? `(${STATE}) = ${params.add(v)}` : null,
    gate: (v, params) =>
      v === 'none'
        ? `(${GATE}) IS NULL`
        : v === 'passed' || v === 'failed'
          ? `(${GATE}) = ${params.add(v)}`
          : null,
  },
  actions: registerStaticSiteActions,
});

/** The releases of the link sites (read-only: written by the static commands). */
export const staticReleasesResource = defineServerResource({ spec: resources.staticReleases });
