import type { Queryable } from '../../../db/db.js';
import type { EcbRates } from '../../../integrations/ecb/index.js';

/*
 * exchange_rates is no declared resource (no screen edits it): a day's rates are written and read here in SQL.
 */

/**
 * SQL of a price in euro at the latest stored rate of its currency (EUR: the price itself), for a row `t`
 * with `price` and `currency`; null without a price or without a stored rate.
 */
export const PRICE_IN_EURO_SQL = `CASE
  WHEN t.price IS NULL OR t.currency IS NULL THEN NULL
  WHEN t.currency = 'EUR' THEN t.price::float8
  ELSE (SELECT round(t.price / r.rate, 2)::float8 FROM exchange_rates r
         WHERE r.currency = t.currency ORDER BY r.day DESC LIMIT 1)
END`;

/**
 * Stores a day's rates, one row per (currency, day): a second run for the same day rewrites the same rows
 * (the ECB may correct a rate), so refreshing is idempotent. EUR is not stored: it is 1 by definition.
 * Answers the rows written.
 */
export async function storeRates(tx: Queryable, rates: EcbRates): Promise<number> {
  const entries = Object.entries(rates.rates).filter(([currency]) => currency !== 'EUR');
  if (!entries.length) return 0;
  const r = await tx.query(
    `INSERT INTO exchange_rates (currency, day, rate)
     SELECT c, $1::bigint, v FROM unnest($2::text[], $3::numeric[]) AS x(c, v)
     ON CONFLICT (currency, day) DO UPDATE SET rate = EXCLUDED.rate
       WHERE exchange_rates.rate IS DISTINCT FROM EXCLUDED.rate`,
    [rates.day, entries.map(([c]) => c), entries.map(([, v]) => String(v))],
  );
  return r.rowCount;
}

/** The latest stored rate of a currency (units per 1 EUR) and its day; EUR is 1 on any day. */
export async function latestRate(
  db: Queryable,
  currency: string,
): Promise<{ rate: number; day: number | null } | null> {
  if (currency === 'EUR') return { rate: 1, day: null };
  const r = await db.query<{ rate: string | number; day: string | number }>(
    'SELECT rate, day FROM exchange_rates WHERE currency = $1 ORDER BY day DESC LIMIT 1',
    [currency],
  );
  const row = r.rows[0];
  return row ? { rate: Number(row.rate), day: Number(row.day) } : null;
}
