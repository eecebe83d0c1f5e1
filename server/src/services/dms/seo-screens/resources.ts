import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { websiteHostname } from '../wordpress/resources.js';
import { registerAccurankerHistory } from './history.js';
import { registerRankAlerts } from './notifications.js';

export const ahrefsMetricsResource = defineServerResource({
  spec: resources.ahrefsMetrics,
  table: 'ahrefs_metrics',
  computed: { ...websiteHostname },
});

export const lighthouseMetricsResource = defineServerResource({
  spec: resources.lighthouseMetrics,
  table: 'lighthouse_runs',
  computed: { ...websiteHostname },
});

/**
 * The console offers only money sites for the link (SPEC §3 'website_id (money site)'); the server takes any
 * website, like every other reference, and one property per site.
 */
export const gaPropertiesResource = defineServerResource({
  spec: resources.gaProperties,
  table: 'ga_properties',
  computed: { ...websiteHostname },
  conflicts: { ga_properties_website_key: 'Another GA property is already linked to this money site' },
});

export const accurankerDomainsResource = defineServerResource<
  typeof resources.accurankerDomains.fields,
  AppDeps
>({
  spec: resources.accurankerDomains,
  table: 'accuranker_domains',
  computed: {
    ...websiteHostname,
    keyword_count: {
      kind: 'integer',
      sql: 'SELECT count(*) FROM accuranker_keywords k WHERE k.domain_id = t.id',
      sortable: true,
    },
  },
  actions: (app, model, deps) => {
    registerAccurankerHistory(app, model, deps);
    registerRankAlerts(app, model, deps);
  },
});

/** The latest rank check of a keyword (null rank: checked, not in the results). */
const latest = (column: 'rank' | 'day') =>
  `SELECT r.${column} FROM keyword_ranks r WHERE r.keyword_id = t.id ORDER BY r.day DESC LIMIT 1`;

export const accurankerKeywordsResource = defineServerResource({
  spec: resources.accurankerKeywords,
  table: 'accuranker_keywords',
  computed: {
    // SPEC §3: search type 1 is Desktop, anything else Mobile.
    device: {
      kind: 'string',
      sql: `CASE WHEN t.search_type = 1 THEN 'Desktop' ELSE 'Mobile' END`,
    },
    latest_rank: { kind: 'integer', sql: latest('rank'), sortable: true },
    latest_rank_day: { kind: 'integer', sql: latest('day') },
  },
});

export const earningsResource = defineServerResource({
  spec: resources.earnings,
  table: 'conversions',
  computed: { ...websiteHostname },
});
