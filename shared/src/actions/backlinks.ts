/** The bought-backlink ledger's own calls (issue 18, SPEC §7.5): checks, their evidence, ignoring a warning. */
import { Type, type Static } from 'typebox';
import { LINK_CHECK_STATUSES } from '../backlinks.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const Status = Type.Enum(LINK_CHECK_STATUSES);

/** What one check of a link found (server/src/integrations/link-check). */
export const BacklinkCheck = Type.Object({
  id: Type.Integer(),
  checked_at: Type.Integer(),
  status: Status,
  message: Nullable(Type.String()),
  /** The evidence: HTTP status, final URL, redirects, the link found, rel, robots, canonical, snippet, hash. */
  evidence: Type.Record(Type.String(), Type.Unknown()),
});
export type BacklinkCheck = Static<typeof BacklinkCheck>;

/** PUT /external-backlinks/check/{id}: check the link now (SPEC §7.5; 'External Backlink checked'). */
export const checkExternalBacklink = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/external-backlinks/check/:id',
  service: 'dms',
  summary: 'Check one external backlink now: fetch the linking page and record what it shows',
  access: 'permission',
  params: IdParams,
  response: Data(
    Type.Object({
      check: BacklinkCheck,
      /** The page is behind a captcha or a bot wall: the console offers Check Again (SPEC §5). */
      has_captcha: Type.Boolean(),
      /** The check differed from the one before and raised a warning. */
      warning_id: Nullable(Type.Integer()),
    }),
  ),
});

/** GET /external-backlinks/{id}/checks: the link's checks, newest first, with their evidence. */
export const externalBacklinkChecks = defineAction({
  method: 'GET',
  path: 'dms/api/v1/external-backlinks/:id/checks',
  service: 'dms',
  summary: "An external backlink's checks, newest first, with their evidence",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
    { additionalProperties: false },
  ),
  response: Data(Type.Array(BacklinkCheck)),
});

/** PUT /external-backlink-status/ignore-warning/{id}: ignore a backlink's warning (SPEC §7.5 IGNORE). */
export const ignoreBacklinkWarning = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/external-backlink-status/ignore-warning/:id',
  service: 'dms',
  summary: "Ignore one of an external backlink's warnings (only a warning of a backlink)",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Object({ id: Type.Integer(), ignored_at: Type.Integer() })),
});
