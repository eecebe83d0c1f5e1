import { ADMIN_ROLE, MARKETS, USER_LANGUAGES } from '@sitefleet/shared';
import type { Db } from '../src/db/db.js';

// prettier-ignore
const FIRST_NAMES = [
  'Anna', 'Daniel', 'Sofia', 'Lucas', 'Hana', 'Jonas', 'Priya', 'Kenji', 'Emily', 'Giulia',
  'Minh', 'Marta', 'Ivan', 'Chloe', 'Stefan', 'Aisha', 'Oliver', 'Mei', 'Carlos', 'Freya',
  'Tomas', 'Ingrid', 'Rafael', 'Yuki', 'Noah', 'Elena', 'Arjun', 'Lea', 'Mateo', 'Sara',
];

// prettier-ignore
const LAST_NAMES = [
  'Kowalski', 'Lindqvist', 'Raman', 'van Dijk', 'Restrepo', 'Watanabe', 'Carter', 'Romano',
  'Nguyen', 'Schmidt', 'Jansen', 'Garcia', 'Tanaka', 'Brown', 'Rossi', 'Johansson', 'Patel',
  'Muller', 'Bakker', 'Lopez', 'Suzuki', 'Wilson', 'Ricci', 'Berg', 'Sharma', 'Fischer',
];

const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];

/** Rows per INSERT, to keep each statement's memory modest (PGlite runs in a WASM heap). */
const BATCH = 25_000;

/**
 * Set-based: one INSERT ... SELECT over generate_series per batch. Every value is picked from a list by
 * two 32-bit hashes (md5) of the row number, so the data is deterministic (every run filters the same
 * rows) and the picks are not correlated with each other. Each user gets one or two markets, one
 * language and a non-admin role.
 */
const INSERT_USERS = `
INSERT INTO users (name, last_name, email, roles, target_markets, adult, tags, password_hash,
                   last_login, created_at, updated_at)
SELECT v.first, v.last,
       lower(v.first || '.' || replace(v.last, ' ', '') || '.' || g.i || '@' || v.domain),
       ARRAY[v.role],
       ARRAY(SELECT DISTINCT m FROM unnest(ARRAY[v.market1, v.market2]) AS m ORDER BY m),
       h.b % 3 <> 0,
       jsonb_build_object('languages', jsonb_build_array(v.language)),
       $7,
       epoch_now() - (h.a % 2000) * 3600,
       epoch_now() - 86400 * 400 + g.i * 60,
       epoch_now() - (h.b % 5000) * 60
FROM generate_series($1::int, $2::int) AS g(i)
CROSS JOIN LATERAL (
  SELECT ('x' || substr(d.md5, 1, 8))::bit(32)::bigint AS a, ('x' || substr(d.md5, 9, 8))::bit(32)::bigint AS b
  FROM (SELECT md5(g.i::text) AS md5) d
) h
CROSS JOIN LATERAL (
  SELECT ($8::text[])[(1 + h.a % cardinality($8::text[]))::int] AS first,
         ($9::text[])[(1 + (h.a / 97) % cardinality($9::text[]))::int] AS last,
         ($5::text[])[(1 + (h.a / 9973) % cardinality($5::text[]))::int] AS domain,
         ($3::text[])[(1 + h.b % cardinality($3::text[]))::int] AS market1,
         ($3::text[])[(1 + (h.b / 101) % cardinality($3::text[]))::int] AS market2,
         ($4::text[])[(1 + (h.b / 10007) % cardinality($4::text[]))::int] AS language,
         ($6::bigint[])[(1 + (h.b / 1009) % cardinality($6::bigint[]))::int] AS role
) v`;

/** Not a valid argon2 hash on purpose: nobody can sign in as a seeded user. */
const UNUSABLE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$bm90LWEtcmVhbC1oYXNo';

async function nonAdminRoleIds(db: Db): Promise<number[]> {
  const r = await db.query<{ id: number }>('SELECT id FROM roles WHERE name <> $1 ORDER BY id', [ADMIN_ROLE]);
  const ids = r.rows.map((row) => Number(row.id));
  if (!ids.length) throw new Error('No roles to give the seeded users: run the identity seed first');
  return ids;
}

/** Adds `rows` users (after the seeded admin) and refreshes the planner statistics. */
export async function seedUsers(db: Db, rows: number): Promise<void> {
  const roles = await nonAdminRoleIds(db);
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    await db.query(INSERT_USERS, [
      from,
      to,
      [...MARKETS],
      [...USER_LANGUAGES],
      DOMAINS,
      roles,
      UNUSABLE_HASH,
      FIRST_NAMES,
      LAST_NAMES,
    ]);
  }
  await db.query('ANALYZE users');
}
