import { randomBytes } from 'node:crypto';
import { actions } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../src/core/crud.js';
import { buildModels } from '../src/core/model.js';
import { existingRecordsSql } from '../src/core/import-repository.js';
import { Importer } from '../src/core/imports.js';
import { SecretBox } from '../src/core/secrets.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import { loadConfig } from '../src/config.js';
import type { JobEngine } from '../src/jobs/engine.js';
import { compileBodyCheck } from '../src/plugins/validation.js';
import { allResources } from '../src/services/registry.js';
import { scratchPostgres } from './helper.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** The indexes PostgreSQL would read to find which of these names already exist. */
async function lookupIndexes(db: Db, names: string[]): Promise<string[]> {
  const r = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (FORMAT JSON) ${existingRecordsSql(engine.model('domains'), ['name'])}`,
    [names],
  );
  return indexesOf(r.rows[0]!['QUERY PLAN'][0]!.Plan);
}

// The declared domains import over the engine, as the import action runs it.
const noJobs = (): JobEngine => {
  throw new Error('no jobs here');
};
const engine = new Engine(
  buildModels(allResources(loadConfig({}, { logLevel: 'silent' }), noJobs)),
  new SecretBox(randomBytes(32)),
);
const system = { user: null, ip: '127.0.0.1', audit: async () => undefined };
const importer = new Importer(
  engine,
  engine.model('domains'),
  actions.imports.domains.import,
  compileBodyCheck,
);

const names = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}.bench-portfolio.com`);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the import looks existing names up by the unique index',
  () => {
    let scratch: { url: string; drop: () => Promise<void> };
    let db: Db;

    beforeAll(async () => {
      scratch = await scratchPostgres();
      db = await openPostgres(scratch.url, 2);
      await migrate(db);
      // The planner must be right before autovacuum first analyzes a table a big import just filled.
      await db.query('ALTER TABLE domains SET (autovacuum_enabled = false)');
    });

    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });

    it('does not read the trigram index when the statistics predate a big import', async () => {
      // Statistics of the young table (autovacuum analyzes it while it is nearly empty), then 5,000 names.
      await db.query('ANALYZE domains');
      const batch = names('import', 5000);
      await db.transaction((tx) =>
        importer.run(
          { ...system, db },
          tx,
          batch.map((name) => ({ name })),
          false,
        ),
      );
      const used = await lookupIndexes(db, batch.slice(0, 1000));
      expect(used).not.toContain('domains_name_trgm');

      const again = await db.transaction((tx) =>
        importer.run(
          { ...system, db },
          tx,
          batch.map((name) => ({ name })),
          false,
        ),
      );
      expect(again.filter((r) => r.status === 'exists')).toHaveLength(5000);
      expect(again.every((r) => typeof r.id === 'number')).toBe(true);
    }, 60_000);

    // Below ~150,000 rows one pass over the table beats 1,000 probes and the planner rightly hashes it.
    it('probes the unique index once a large portfolio is analyzed', async () => {
      await db.query(
        `INSERT INTO domains (name, unicode_name)
       SELECT n, n FROM (SELECT 'site-' || g || '-' || substr(md5(g::text), 1, 6) || '.com' AS n
                           FROM generate_series(1, 160000) g) s`,
      );
      await db.query('ANALYZE domains');
      const used = await lookupIndexes(db, names('import', 1000));
      expect(used).toEqual(['domains_name_key']);
    }, 60_000);
  },
);
