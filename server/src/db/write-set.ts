import type { Queryable } from './db.js';

/**
 * Several data-modifying statements sent as one: `WITH ws1 AS (INSERT …), ws2 AS (DELETE …) SELECT 1`. One round
 * trip instead of one per statement plus BEGIN and COMMIT, and atomic on its own (a single statement either
 * applies whole or not at all). PostgreSQL runs every data-modifying part exactly once, whether or not the
 * final SELECT reads it.
 *
 * The rule that comes with it: every part sees the same snapshot (taken when the statement starts), so no two
 * parts may change the same row, and a part sees another's rows only through that part's RETURNING (read it by
 * the name `add` returns). Rows another transaction commits while the statement runs are not visible; an
 * `INSERT … ON CONFLICT DO UPDATE` still meets them through the unique index and returns them.
 */
export class WriteSet {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** A placeholder (`$n`) bound to value. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds one part (a SELECT, or an INSERT/UPDATE/DELETE, with RETURNING when a later part reads it). */
  add(sql: string): string {
    const name = `ws${this.parts.length + 1}`;
    this.parts.push(`${name} AS (${sql})`);
    return name;
  }

  get size(): number {
    return this.parts.length;
  }

  text(): string {
    return `WITH ${this.parts.join(',\n')}\nSELECT 1`;
  }

  /**
   * Runs every part as one statement (nothing when empty). The text depends only on which parts were added
   * (values are parameters), so a fleet's per-site writes share a few texts: they are kept prepared.
   */
  async run(db: Queryable): Promise<void> {
    if (this.parts.length) await db.query(this.text(), this.params, { prepare: true });
  }
}
