import { LOST_LINK_STATUSES, resources } from '@sitefleet/shared';
import { defineServerResource, type ComputedField } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { registerFootprintActions } from '../footprint/actions.js';

const LOST = `ARRAY[${LOST_LINK_STATUSES.map((s) => `'${s}'`).join(', ')}]`;
const links = (where: string) =>
  `SELECT count(*) FROM external_backlinks b WHERE b.website_id = t.id AND NOT b.self_created${where}`;
const counted = (sql: string): ComputedField => ({ kind: 'integer', sql, sortable: true });

/** A price in euro: the newest stored ECB rate of its currency (EUR as it is). */
const IN_EURO = `CASE WHEN b.currency = 'EUR' THEN b.price
  ELSE b.price / (SELECT r.rate FROM exchange_rates r WHERE r.currency = b.currency ORDER BY r.day DESC LIMIT 1) END`;

export const linkNetworkResource = defineServerResource<typeof resources.linkNetwork.fields, AppDeps>({
  spec: resources.linkNetwork,
  table: 'websites',
  computed: {
    backlinks_bought: counted(links('')),
    backlinks_live: counted(links(` AND b.status = 'ok'`)),
    backlinks_lost: counted(links(` AND b.status = ANY(${LOST})`)),
    backlinks_unverifiable: counted(links(` AND b.status = 'unverifiable'`)),
    spend_eur: {
      kind: 'number',
      sql: `SELECT round(coalesce(sum(${IN_EURO}), 0), 2) FROM external_backlinks b WHERE b.website_id = t.id AND b.price IS NOT NULL`,
      sortable: true,
    },
    referring_domains: counted(
      'SELECT s.domains FROM backlink_stats s WHERE s.website_id = t.id ORDER BY s.day DESC LIMIT 1',
    ),
    footprint_score: counted('SELECT f.score FROM footprint_scores f WHERE f.website_id = t.id'),
    network_outbound: counted(
      `SELECT count(DISTINCT l.target_host) FROM website_links l
        WHERE l.website_id = t.id AND NOT l.internal
          AND EXISTS (SELECT 1 FROM websites o WHERE o.id <> t.id AND lower(o.hostname) = lower(l.target_host))`,
    ),
  },
  actions: registerFootprintActions,
  customFilters: {
    // SPEC §9: when active, only sites with more than 1 backlink.
    multiple_backlinks: (value) =>
      typeof value === 'boolean' ? `(${links('')}) ${value ? '>' : '<='} 1` : null,
  },
});
