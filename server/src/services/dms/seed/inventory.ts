import type { SeedWriter } from '../../../core/seed.js';
import type { Queryable } from '../../../db/db.js';
import { DAY, now, Rng } from '../../../seed/random.js';

/** What the inventory seeds share: one generator drawn in a fixed order, so every first run is alike. */
export interface InventorySeed {
  tx: Queryable;
  records: SeedWriter;
  rng: Rng;
  now: number;
  /** About `days` days ago, at a random time of that day. */
  ago(days: number): number;
}

export function inventorySeed(tx: Queryable, records: SeedWriter): InventorySeed {
  const rng = new Rng(20261121);
  const t = now();
  return { tx, records, rng, now: t, ago: (days) => t - days * DAY - rng.int(0, DAY) };
}
