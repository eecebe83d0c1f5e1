import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  actions,
  CONVERSION_FIGURES,
  dayEpoch,
  dayOf,
  parseConversionCsv,
  resources,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { invalid, notFound } from '../../../core/errors.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';

/**
 * Affiliate conversions (issue 17): a network's postbacks, authenticated by the site's own secret (only its
 * hash is stored), and CSV reports imported with the operator's column mapping. Both write the conversions
 * table the dashboard's Conversions panel and the earnings screen read.
 */

/** Postbacks a network may send a minute from one address. */
const POSTBACKS_PER_MINUTE = 600;
const COLUMN: Record<'click' | 'signup' | 'ftd', 'clicks' | 'signups' | 'ftd'> = {
  click: 'clicks',
  signup: 'signups',
  ftd: 'ftd',
};

const hash = (secret: string) => createHash('sha256').update(secret).digest();

async function secretMatches(db: Queryable, websiteId: number, secret: string): Promise<boolean> {
  const r = await db.query<{ secret_hash: string }>(
    'SELECT secret_hash FROM conversion_postback_keys WHERE website_id = $1',
    [websiteId],
  );
  const stored = r.rows[0]
    ? Buffer.from(r.rows[0].secret_hash, 'hex')
    : hash('no key: compared all the same');
  const ok = timingSafeEqual(stored, hash(secret));
  return ok && r.rows.length === 1;
}

/** Adds counts to a day (a postback), or sets the days' figures (an import replaces the days it has). */
async function addToDay(tx: Queryable, websiteId: number, day: string, column: string, count: number) {
  await tx.query(
    `INSERT INTO conversions (website_id, day, ${column}) VALUES ($1, $2, $3)
     ON CONFLICT (website_id, day) DO UPDATE SET ${column} = conversions.${column} + EXCLUDED.${column}`,
    [websiteId, dayEpoch(day), count],
  );
}

export function registerConversions(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('dms')) return;
  const { engine, db } = deps;
  const websites = engine.model(resources.websites.name);

  registerAction(app, actions.seo.conversionPostback, {
    perMinute: POSTBACKS_PER_MINUTE,
    handler: async ({ params, query }) => {
      const websiteId = Number(params.id);
      // One answer for an unknown site and a wrong secret: a caller learns nothing from it.
      if (!(await secretMatches(db, websiteId, query.secret))) throw notFound('No such postback');
      const day = query.date ?? dayOf(Date.now());
      const column = COLUMN[query.event];
      const counted = await db.transaction(async (tx) => {
        if (query.txid) {
          const fresh = await tx.query(
            `INSERT INTO conversion_postbacks (website_id, txid, event, day) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [websiteId, query.txid, query.event, dayEpoch(day)],
          );
          if (fresh.rowCount === 0) return false;
        }
        await addToDay(tx, websiteId, day, column, query.count ?? 1);
        return true;
      });
      return { ok: true, counted };
    },
  });

  registerAction(app, actions.seo.conversionPostbackKey, {
    handler: async ({ params, ctx }) => {
      const website = await engine.getOne(ctx, websites, Number(params.id));
      const secret = randomBytes(24).toString('base64url');
      await db.query(
        `INSERT INTO conversion_postback_keys (website_id, secret_hash, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (website_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, created_by = EXCLUDED.created_by,
           created_at = epoch_now()`,
        [website.id, hash(secret).toString('hex'), ctx.user?.id ?? null],
      );
      await ctx.audit('conversions.postback-key', `websites/${String(website.id)}`, {});
      const url =
        `${deps.config.publicUrl}/${actions.seo.conversionPostback.path.replace(':id', String(website.id))}` +
        `?secret=${secret}&event={event}&txid={transaction_id}`;
      return { data: { url, secret } };
    },
  });

  registerAction(app, actions.seo.importConversions, {
    handler: async ({ params, body, ctx }) => {
      const website = await engine.getOne(ctx, websites, Number(params.id));
      const parsed = parseConversionCsv(body.csv, body.columns, body.date_format);
      if (parsed.errors.length) {
        const shown = parsed.errors.slice(0, 5).map((e) => `line ${e.line}: ${e.message}`);
        const more = parsed.errors.length > 5 ? ` (and ${parsed.errors.length - 5} more)` : '';
        throw invalid({ csv: `${shown.join('; ')}${more}` }, 'The report was not imported');
      }
      // Only the figures the report maps replace the stored ones (a clicks-only report keeps the FTDs).
      const mapped = CONVERSION_FIGURES.filter((f) => body.columns[f]);
      await db.query(
        `INSERT INTO conversions (website_id, day, clicks, signups, ftd)
         SELECT $1, x.day, x.clicks, x.signups, x.ftd
         FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, clicks integer, signups integer, ftd integer)
         ON CONFLICT (website_id, day) DO UPDATE SET ${mapped.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}`,
        [website.id, JSON.stringify(parsed.days.map((d) => ({ ...d, day: dayEpoch(d.date) })))],
      );
      await ctx.audit('conversions.import', `websites/${String(website.id)}`, {
        days: parsed.days.length,
        rows: parsed.rows,
      });
      return {
        data: {
          days: parsed.days.length,
          rows: parsed.rows,
          from: parsed.days[0]?.date ?? null,
          to: parsed.days.at(-1)?.date ?? null,
        },
      };
    },
  });
}
