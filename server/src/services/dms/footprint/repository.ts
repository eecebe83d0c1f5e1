import { FOOTPRINT_KINDS, type actions, type FootprintKind } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { Footprint } from './score.js';

/**
 * The stored footprint: written whole by footprint:compute (for no user), read by the console's calls with
 * the websites the user may see (`visible`, the engine's websites access rule as a subquery).
 */

async function run<T>(db: Queryable, q: SqlFragment): Promise<T[]> {
  const { text, values } = q.query();
  return (await db.query<T>(text, values)).rows;
}

type FootprintNode = actions.footprint.FootprintNode;
type FootprintEdge = actions.footprint.FootprintEdge;

const PAIR_SLICE = 20_000;

const isKind = (k: string): k is FootprintKind => (FOOTPRINT_KINDS as readonly string[]).includes(k);
const kindsOf = (ks: string[]): FootprintKind[] => ks.filter(isKind);

/** Replaces the last computation with `fp`, in the caller's transaction. */
export async function storeFootprint(tx: Queryable, fp: Footprint, at: number): Promise<void> {
  await tx.query('DELETE FROM footprint_pairs');
  await tx.query('DELETE FROM footprint_facts');
  await tx.query('DELETE FROM footprint_scores');
  if (fp.shared.length)
    await tx.query(
      `INSERT INTO footprint_facts (kind, value, label, weight, sites, computed_at)
       SELECT kind, value, label, weight, string_to_array(sites, ',')::bigint[], $6
         FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::text[])
           AS f(kind, value, label, weight, sites)`,
      [
        fp.shared.map((f) => f.kind),
        fp.shared.map((f) => f.value),
        fp.shared.map((f) => f.label),
        fp.shared.map((f) => f.weight),
        fp.shared.map((f) => f.sites.join(',')),
        at,
      ],
    );
  const sites = [...fp.sites];
  if (sites.length)
    await tx.query(
      `INSERT INTO footprint_scores (website_id, score, ties, computed_at)
       SELECT id, score, ties, $4 FROM unnest($1::bigint[], $2::int[], $3::int[]) AS s(id, score, ties)`,
      [sites.map(([id]) => id), sites.map(([, s]) => s.score), sites.map(([, s]) => s.ties), at],
    );
  // In slices: one statement's parameters stay small (PGlite copies them into its heap).
  for (let i = 0; i < fp.pairs.length; i += PAIR_SLICE) {
    const slice = fp.pairs.slice(i, i + PAIR_SLICE);
    await tx.query(
      `INSERT INTO footprint_pairs (a, b, strength, kinds, computed_at)
       SELECT a, b, strength, string_to_array(kinds, ','), $5
         FROM unnest($1::bigint[], $2::bigint[], $3::numeric[], $4::text[]) AS p(a, b, strength, kinds)`,
      [
        slice.map((p) => p.a),
        slice.map((p) => p.b),
        slice.map((p) => p.strength),
        slice.map((p) => p.kinds.join(',')),
        at,
      ],
    );
  }
}

/** When the stored footprint was computed, or null before the first computation. */
export async function computedAt(db: Queryable): Promise<number | null> {
  const r = await db.query<{ at: string | number | null }>(
    'SELECT max(computed_at) AS at FROM footprint_scores',
  );
  const at = r.rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

/** The visible network sites with their scores (0 before a computation), and the ties among them. */
export async function graph(
  db: Queryable,
  visible: SqlFragment,
  minStrength: number,
  maxEdges: number,
): Promise<{ nodes: FootprintNode[]; edges: FootprintEdge[]; edges_total: number }> {
  const nodes = await run<{
    id: string | number;
    hostname: string;
    type: string;
    status: string;
    score: number | null;
    ties: number | null;
  }>(
    db,
    sql`SELECT w.id, w.hostname, w.type, w.status, s.score, s.ties
          FROM websites w LEFT JOIN footprint_scores s ON s.website_id = w.id
         WHERE w.status <> 'DELETED' AND w.type <> 'THIRD_PARTY' AND w.id IN (${visible})
         ORDER BY coalesce(s.score, 0) DESC, w.id`,
  );
  const edges = await run<{
    a: string | number;
    b: string | number;
    strength: string | number;
    kinds: string[];
  }>(
    db,
    sql`SELECT p.a, p.b, p.strength, p.kinds FROM footprint_pairs p
         WHERE p.strength >= ${minStrength} AND p.a IN (${visible}) AND p.b IN (${visible})
         ORDER BY p.strength DESC, p.a, p.b LIMIT ${maxEdges + 1}`,
  );
  const total =
    edges.length > maxEdges
      ? Number(
          (
            await run<{ n: string | number }>(
              db,
              sql`SELECT count(*) AS n FROM footprint_pairs p
                   WHERE p.strength >= ${minStrength} AND p.a IN (${visible}) AND p.b IN (${visible})`,
            )
          )[0]?.n ?? 0,
        )
      : edges.length;
  return {
    nodes: nodes.map((n) => ({
      id: Number(n.id),
      hostname: n.hostname,
      type: n.type,
      status: n.status,
      score: n.score ?? 0,
      ties: n.ties ?? 0,
    })),
    edges_total: total,
    edges: edges.slice(0, maxEdges).map((e) => ({
      a: Number(e.a),
      b: Number(e.b),
      strength: Number(e.strength),
      kinds: kindsOf(e.kinds),
    })),
  };
}

export interface StoredFact {
  kind: FootprintKind;
  value: string;
  label: string;
  weight: number;
  sites: number[];
}

/** The stored facts that every one of `siteIds` shows, strongest first. */
export async function factsHolding(db: Queryable, siteIds: number[]): Promise<StoredFact[]> {
  const rows = await db.query<{
    kind: string;
    value: string;
    label: string;
    weight: string | number;
    sites: Array<string | number>;
  }>(
    `SELECT kind, value, label, weight, sites FROM footprint_facts WHERE sites @> $1::bigint[]
      ORDER BY weight DESC, kind, value`,
    [siteIds],
  );
  return rows.rows.flatMap((r) =>
    isKind(r.kind)
      ? [
          {
            kind: r.kind,
            value: r.value,
            label: r.label,
            weight: Number(r.weight),
            sites: r.sites.map(Number),
          },
        ]
      : [],
  );
}

/** The stored score of a site (0 before a computation or when it shares nothing). */
export async function scoreOf(db: Queryable, siteId: number): Promise<number> {
  const r = await db.query<{ score: number }>('SELECT score FROM footprint_scores WHERE website_id = $1', [
    siteId,
  ]);
  return r.rows[0]?.score ?? 0;
}

/** The hostnames of those of `ids` the user may see. */
export async function visibleHostnames(
  db: Queryable,
  visible: SqlFragment,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await run<{ id: string | number; hostname: string }>(
    db,
    sql`SELECT id, hostname FROM websites WHERE id = ANY(${ids}::bigint[]) AND id IN (${visible})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.hostname]));
}
