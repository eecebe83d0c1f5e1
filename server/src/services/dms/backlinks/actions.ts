import { actions, LINK_CHECK_STATUSES, type LinkCheckStatus } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { AppError, invalid, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import { epochNow } from '../../../core/time.js';
import type { AppDeps } from '../../../deps.js';
import { checkAndRecord } from './checks.js';

const CHECKS_SHOWN = 50;
const isStatus = (s: string): s is LinkCheckStatus => (LINK_CHECK_STATUSES as readonly string[]).includes(s);

/**
 * The ledger's own calls (SPEC §7.5): check a link now, read its checks, ignore one of its warnings. Each
 * reads the backlink under the engine's access rule first, so a link the user may not see is a 404.
 */
export function registerBacklinkActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;

  registerAction(app, actions.backlinks.checkExternalBacklink, {
    // Each check fetches a page on someone else's site: bounded per client (SECURITY.md #20).
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const done = await checkAndRecord(deps, id);
      if (!done) throw notFoundRecord(model.spec.label, id);
      await engine.changed(model);
      await ctx.audit('external_backlink.check', `${model.name}/${id}`, { status: done.result.status });
      return {
        data: {
          check: {
            id: done.recorded.id,
            checked_at: done.result.checked_at,
            status: done.result.status,
            message: done.result.message,
            evidence: { ...done.result },
          },
          has_captcha: done.result.has_captcha === true,
          warning_id: done.recorded.warningId,
        },
      };
    },
  });

  registerAction(app, actions.backlinks.externalBacklinkChecks, {
    handler: async ({ params, query, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const r = await deps.db.query<{
        id: string | number;
        checked_at: string | number;
        status: string;
        message: string | null;
        evidence: Record<string, unknown>;
      }>(
        `SELECT id, checked_at, status, message, evidence FROM external_backlink_checks
          WHERE external_backlink_id = $1 ORDER BY checked_at DESC, id DESC LIMIT $2`,
        [id, query.limit ?? CHECKS_SHOWN],
      );
      return {
        data: r.rows.map((row) => ({
          id: Number(row.id),
          checked_at: Number(row.checked_at),
          status: isStatus(row.status) ? row.status : 'unverifiable',
          message: row.message,
          evidence: row.evidence,
        })),
      };
    },
  });

  const warnings = engine.model('external-backlink-status');
  registerAction(app, actions.backlinks.ignoreBacklinkWarning, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const warning = await engine.getOne(ctx, warnings, id);
      if (warning.external_backlink_id === null)
        throw invalid({ id: 'Only a warning of a backlink can be ignored' });
      // The backlink must be one the user may see too.
      await engine.getOne(ctx, model, Number(warning.external_backlink_id));
      const at = epochNow();
      const r = await deps.db.query<{ ignored_at: string | number }>(
        `UPDATE external_backlink_status SET ignored_at = coalesce(ignored_at, $2), updated_at = $2,
                version = version + 1
          WHERE id = $1 RETURNING ignored_at`,
        [id, at],
      );
      if (!r.rows[0]) throw new AppError('not_found', `Backlink warnings: no record with id ${id}`);
      await engine.changed(warnings);
      await ctx.audit('external_backlink.ignore_warning', `${warnings.name}/${id}`);
      return { data: { id, ignored_at: Number(r.rows[0].ignored_at) } };
    },
  });
}
