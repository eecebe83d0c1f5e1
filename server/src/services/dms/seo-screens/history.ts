import { actions, addDays, dayEpoch, dayOf, epochDay } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';

interface DayRow {
  day: string | number;
  average_rank: string | number | null;
  top10: string | number;
  checked: string | number;
}

/** Per day from `from` (epoch second, inclusive): the mean rank of the ranked keywords, the top 10, the checks. */
export async function rankHistory(db: Queryable, domainId: number, from: number) {
  const r = await db.query<DayRow>(
    `SELECT r.day,
            avg(r.rank)::float8 AS average_rank,
            count(*) FILTER (WHERE r.rank BETWEEN 1 AND 10)::int AS top10,
            count(*)::int AS checked
       FROM accuranker_keywords k
       JOIN keyword_ranks r ON r.keyword_id = k.id
      WHERE k.domain_id = $1 AND r.day >= $2
      GROUP BY r.day
      ORDER BY r.day`,
    [domainId, from],
  );
  return r.rows.map((row) => ({
    date: epochDay(Number(row.day)),
    average_rank: row.average_rank === null ? null : Math.round(Number(row.average_rank) * 100) / 100,
    top10: Number(row.top10),
    checked: Number(row.checked),
  }));
}

/**
 * The accuranker-domains History tab (SPEC §2.5): the domain's average rank and keywords in the top 10 per
 * day. The domain is read under the engine's access rule first, so a domain the user may not see is a 404.
 */
export function registerAccurankerHistory(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const spec = actions.seoScreens.accurankerHistory;
  registerAction(app, spec, {
    handler: async ({ params, query, ctx }) => {
      const domain = await deps.engine.getOne(ctx, model, Number(params.id));
      const days = query.days ?? actions.seoScreens.ACCURANKER_HISTORY_DAYS;
      const from = dayEpoch(addDays(dayOf(Date.now()), 1 - days));
      return { data: await rankHistory(deps.db, Number(domain.id), from) };
    },
  });
}
