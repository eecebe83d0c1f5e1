import type { Config } from '../config.js';
import type { SeedWriter } from '../core/seed.js';
import type { Queryable } from '../db/db.js';

export interface SeedContext {
  config: Config;
  /** Writes records of declared resources through the engine's model: checked, sealed, normalised. */
  records: SeedWriter;
}

/** One module's part of the demo portfolio; it writes inside the first-start transaction. */
export type Seeder = (tx: Queryable, ctx: SeedContext) => Promise<void>;
