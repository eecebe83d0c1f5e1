/** The SEO screens' own reads (issue 17): what a resource's generic calls cannot answer. */
import { Type, type Static } from 'typebox';
import { Data, defineAction, IdParams, Nullable } from './define.js';

/** SPEC §2.5 accuranker-domains History tab: the last 90 days by default. */
export const ACCURANKER_HISTORY_DAYS = 90;

export const RankHistoryDay = Type.Object({
  /** `YYYY-MM-DD` (UTC). */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  /** The mean rank of the keywords ranked that day; null when none was. */
  average_rank: Nullable(Type.Number()),
  /** Keywords ranked 1 to 10 that day. */
  top10: Type.Integer(),
  /** Keywords checked that day (ranked or not). */
  checked: Type.Integer(),
});
export type RankHistoryDay = Static<typeof RankHistoryDay>;

/** GET /accuranker-domains/{id}/history: the domain's average rank and top-10 count per day. */
export const accurankerHistory = defineAction({
  method: 'GET',
  path: 'dms/api/v1/accuranker-domains/:id/history',
  service: 'dms',
  summary: "An AccuRanker domain's average keyword rank and keywords in the top 10, per day",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    {
      /** Days back from today, today included (default ACCURANKER_HISTORY_DAYS). */
      days: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
    },
    { additionalProperties: false },
  ),
  response: Data(Type.Array(RankHistoryDay)),
});
