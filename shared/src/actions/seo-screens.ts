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

/** A keyword's crossing in a rank alert (server/src/services/dms/seo/rank-alerts.ts). */
export const RankChange = Type.Object({
  keyword_id: Type.Integer(),
  keyword: Type.String(),
  device: Type.Union([Type.Literal('Desktop'), Type.Literal('Mobile')]),
  /** The position watched. */
  position: Type.Integer(),
  previous_rank: Nullable(Type.Integer()),
  rank: Nullable(Type.Integer()),
  direction: Type.Union([Type.Literal('dropped'), Type.Literal('recovered')]),
});
export type RankChange = Static<typeof RankChange>;

/** One alert a rank notification set off, with how each of its messages went. */
export const RankAlert = Type.Object({
  id: Type.Integer(),
  notification_id: Type.Integer(),
  /** The rank day that crossed, `YYYY-MM-DD`. */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  created_at: Type.Integer(),
  changes: Type.Array(RankChange),
  deliveries: Type.Array(
    Type.Object({
      channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
      recipient: Type.String(),
      state: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
      attempts: Type.Integer(),
      last_error: Nullable(Type.String()),
      sent_at: Nullable(Type.Integer()),
    }),
  ),
});
export type RankAlert = Static<typeof RankAlert>;

/** The Notifications tab shows this many of the newest alerts by default. */
export const RANK_ALERTS_SHOWN = 20;

/** GET /accuranker-domains/{id}/rank-alerts: the newest alerts of the domain's notifications, newest first. */
export const accurankerRankAlerts = defineAction({
  method: 'GET',
  path: 'dms/api/v1/accuranker-domains/:id/rank-alerts',
  service: 'dms',
  summary: "The newest alerts of an AccuRanker domain's rank notifications, with their e-mail and SMS states",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
    { additionalProperties: false },
  ),
  response: Data(Type.Array(RankAlert)),
});
