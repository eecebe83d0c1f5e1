import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Texts kept prepared at most; past it a text runs as PGlite's query() runs it (parsed and planned each time). */
const PREPARED_KEPT = 1_000;

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them when it parsed the text. */
  paramTypes: number[];
}

/**
 * Named prepared statements on PGlite, whose query() parses and plans every statement again (an unnamed
 * statement, custom-planned each time): for the texts run over and over (`prepare: true`: a fleet's
 * per-site writes, a checker's per-unit statements), later runs skip parsing and, once PostgreSQL settles on
 * a generic plan, planning, as they do on PostgreSQL. A text is parsed once per instance (PGlite is one
 * connection), and each run sends bind, describe, execute and sync in one message rather than one call each.
 *
 * The caller holds PGlite's locks as query() does: the transaction lock too for a statement outside a
 * transaction (`outside`), only the query lock inside one (`inside`).
 */
export class PglitePrepared {
  private readonly statements = new Map<string, Prepared>();

  constructor(private readonly pg: PGlite) {}

  /** Whether the text may be kept (the cap not reached, or already kept). */
  accepts(sql: string): boolean {
    return this.statements.has(sql) || this.statements.size < PREPARED_KEPT;
  }

  /** Runs a statement outside any transaction: after the open transaction, if any, and synced like query(). */
  async outside<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    await this.pg._checkReady();
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const result = await this.run<T>(sql, params);
        await this.pg.syncToFs();
        return result;
      }),
    );
  }

  /** Runs a statement inside the transaction whose callback is running (it holds the transaction lock). */
  inside<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    return this.pg._runExclusiveQuery(() => this.run<T>(sql, params));
  }

  private async prepare(sql: string): Promise<Prepared> {
    const known = this.statements.get(sql);
    if (known) return known;
    const name = `sf_${this.statements.size + 1}`;
    // A text PostgreSQL refuses throws here, and nothing is kept.
    const messages = await this.pg.execProtocolStream(
      Buffer.concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, prepared);
    return prepared;
  }

  private async run<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    const { name, paramTypes } = await this.prepare(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.pg.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, this.pg.parsers) as Results<T>[];
    return result ?? { rows: [], fields: [] };
  }
}
