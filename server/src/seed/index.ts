import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { seedIdentity } from './identity.js';
import { seedTags } from './tags.js';
import { seedInventory } from './inventory.js';
import { seedJobs } from './jobs.js';
import { seedMessages } from './messages.js';
import { seedMonitors } from './monitors.js';
import type { SecretBox } from '../core/secrets.js';

export interface SeedResult {
  adminEmail: string;
  /** Only set when the password was generated: printed once, never stored in clear. */
  generatedPassword: string | null;
}

export interface SeedContext {
  config: Config;
  /** Seals a secret exactly as the engine does for table.column (or table.column.key inside JSON). */
  seal(value: string, context: string): string;
}

export type Seeder = (tx: Queryable, ctx: SeedContext) => Promise<void>;

/** Demo portfolio data, one seeder per module; each later module adds its own to this list. */
const DEMO_SEEDERS: Seeder[] = [seedTags, seedInventory, seedJobs, seedMessages, seedMonitors];

/**
 * First-run seed: roles, the admin account and (unless SEED_DEMO=false) a believable demo portfolio, all
 * in one transaction. Runs once per database; later starts find the marker and do nothing.
 */
export async function seedIfEmpty(db: Db, config: Config, secrets: SecretBox): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727253102)');
    const done = await tx.query("SELECT 1 FROM settings WHERE key = 'seeded'");
    if (done.rows.length) return null;
    const adminEmail = (config.adminEmail ?? 'admin@sitefleet.local').toLowerCase();
    const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
    await seedIdentity(tx, config, adminEmail, config.adminPassword ?? generatedPassword!);
    const ctx: SeedContext = { config, seal: (v, c) => secrets.seal(v, c) };
    if (config.seedDemo) for (const seeder of DEMO_SEEDERS) await seeder(tx, ctx);
    await tx.query("INSERT INTO settings (key, value) VALUES ('seeded', to_jsonb(epoch_now()))");
    return { adminEmail, generatedPassword };
  });
}
