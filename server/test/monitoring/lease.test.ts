import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { LEASE_RENEW_MS, LEASE_TTL_MS, SCHEDULER_LEASE } from '../../src/monitoring/service.js';
import { takeLease } from '../../src/monitoring/monitor-repository.js';

/** Within how long the README promises another worker takes the scheduler over. */
const PROMISED_MS = 20_000;
const STEP_MS = 250;

describe('monitor scheduler lease takeover', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
  });

  /**
   * The holder asks every LEASE_RENEW_MS from t=0 and dies right after its renewal at `deathAt` (the worst
   * moment); the standby asks every LEASE_RENEW_MS too, `phase` ms after the holder. Answers how long after
   * the death the standby holds the lease, on the lease's own SQL and a clock the test moves.
   */
  async function takeoverAfter(phase: number, deathAt: number): Promise<number> {
    await db.query('DELETE FROM service_leases');
    const asks: Array<{ at: number; who: 'holder' | 'standby' }> = [];
    for (let t = 0; t <= deathAt; t += LEASE_RENEW_MS) asks.push({ at: t, who: 'holder' });
    for (let t = phase; t < deathAt + 10 * LEASE_RENEW_MS; t += LEASE_RENEW_MS)
      asks.push({ at: t, who: 'standby' });
    asks.sort((a, b) => a.at - b.at || (a.who === 'holder' ? -1 : 1));
    for (const ask of asks) {
      const held = await takeLease(db, SCHEDULER_LEASE, ask.who, LEASE_TTL_MS, ask.at);
      if (ask.who === 'holder') expect(held).toBe(true);
      else if (ask.at <= deathAt) expect(held).toBe(false);
      else if (held) return ask.at - deathAt;
    }
    throw new Error(`the standby never took the lease (phase ${phase} ms)`);
  }

  it('is taken over within 20 s whatever the standby phase, and never while the holder renews', async () => {
    const delays: number[] = [];
    for (let phase = STEP_MS; phase <= LEASE_RENEW_MS; phase += STEP_MS) {
      delays.push(await takeoverAfter(phase, 3 * LEASE_RENEW_MS));
    }
    const worst = Math.max(...delays);
    expect(worst).toBeLessThanOrEqual(PROMISED_MS);
    // The bound is tight: the worst phase waits out the whole TTL and one more ask.
    expect(worst).toBe(LEASE_TTL_MS + LEASE_RENEW_MS);
    expect(Math.min(...delays)).toBeGreaterThan(LEASE_TTL_MS);
  });
});
