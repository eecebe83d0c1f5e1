/** The 'static generator' calls of a LINK website (SPEC §4, §7.6): each starts a command and answers its run. */
import { Type, type Static } from 'typebox';
import { defineAction, IdParams } from './define.js';

/** SPEC §7.6 as the WordPress actions answer: `{success, message, cron: {id}}`, and the run's id as `cron_id`. */
export const StaticActionResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  cron: Type.Object({ id: Type.Integer() }),
  cron_id: Type.Integer(),
});
export type StaticActionResult = Static<typeof StaticActionResult>;

/**
 * GET /websites/convert-to-static/{id}: crawls the site's WordPress into a static release and publishes it when
 * the gate passes. `origin` is where WordPress answers for the crawl (once the site's domain points at the
 * static release, WordPress lives on at another address); without it, the address stored by an earlier
 * conversion, else the WordPress connection's, else the website's URL.
 */
export const convertToStatic = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/convert-to-static/:id',
  service: 'dms',
  summary:
    "Convert a LINK website to static: crawl its WordPress, check the gate, publish the release (answers the cron run's id)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  query: Type.Object(
    { origin: Type.Optional(Type.String({ maxLength: 2048 })) },
    { additionalProperties: false },
  ),
  response: StaticActionResult,
});

/** GET /websites/publish-static/{id}: crawls WordPress again and publishes a new release when the gate passes. */
export const publishStatic = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/publish-static/:id',
  service: 'dms',
  summary:
    "Publish a static LINK website's WordPress changes as a new release, behind the gate (answers the cron run's id)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: StaticActionResult,
});

/** GET /websites/rollback-static/{id}: repoints the site to its previous release, or back to WordPress. */
export const rollbackStatic = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/rollback-static/:id',
  service: 'dms',
  summary:
    "Roll a static LINK website back to its previous release, or to WordPress when there is none (answers the cron run's id)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: StaticActionResult,
});
