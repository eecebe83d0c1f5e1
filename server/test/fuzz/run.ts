/**
 * The long fuzzer run: the in-suite generator at 100,000 requests or more per database.
 *   node --conditions=development --import tsx server/test/fuzz/run.ts
 * FUZZ_REQUESTS (100000), FUZZ_SEED (13), FUZZ_DATABASES (pglite, plus postgres when TEST_DATABASE_URL is
 * set), FUZZ_KEEP (a status to list instead of 5xx, to look at what else comes back). Exits 1 on any 5xx,
 * unhandled rejection or error answer off the error contract.
 */
import { createTestApp, type DbKind } from '../helper.js';
import { formatCounts, fuzzApp } from './driver.js';

const requests = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? 13);
const keepStatus = process.env.FUZZ_KEEP ? Number(process.env.FUZZ_KEEP) : null;
const kinds = (process.env.FUZZ_DATABASES ?? (process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((k) => k.trim()) as DbKind[];

async function runOn(kind: DbKind): Promise<boolean> {
  const t = await createTestApp(kind, { seedDemo: true });
  try {
    const auth = await t.as('ADMIN');
    const me = await t.call<{ data: { id: number } }>({
      method: 'GET',
      url: '/ums/api/v1/users/me',
      headers: auth,
    });
    const role = await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'ADMIN'");
    const valid = Math.round(requests / 11);
    const counts = await fuzzApp(t.app, {
      seed,
      valid,
      malformed: requests - valid,
      auth,
      protectedIds: { '/ums/api/v1/users': [me.body.data.id], '/ums/api/v1/roles': [role.rows[0]!.id] },
      ...(keepStatus !== null ? { keep: (s: number) => s === keepStatus } : {}),
      progressEvery: 10_000,
      onProgress: (c) => console.log(`  ${kind}: ${c.requests} requests, 5xx ${c.byClass['5xx']}`),
    });
    console.log(formatCounts(`fuzz ${kind} seed ${seed}`, counts));
    for (const f of [...counts.failures, ...counts.offContract]) console.log(`  ${JSON.stringify(f)}`);
    return counts.byClass['5xx'] === 0 && counts.unhandledRejections === 0 && !counts.offContract.length;
  } finally {
    await t.close();
  }
}

let ok = true;
for (const kind of kinds) ok = (await runOn(kind)) && ok;
process.exit(ok ? 0 : 1);
