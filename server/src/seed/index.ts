import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Engine } from '../core/crud.js';
import { SeedWriter } from '../core/seed.js';
import type { Db, Queryable } from '../db/db.js';
import { compileBodyCheck } from '../plugins/validation.js';
import { seedInventory } from '../services/dms/seed/index.js';
import { seedJobs } from '../services/dms/seed/jobs.js';
import { seedBacklinks } from '../services/dms/seed/backlinks.js';
import { seedServiceDiscovery } from '../services/dms/seed/service-discovery.js';
import { seedStaticSites } from '../services/dms/static-site/seed.js';
import { seedContent } from '../services/dms/content/seed.js';
import { seedTasks } from '../services/dms/tasks/seed.js';
import { seedWizard } from '../services/dms/wizard/seed.js';
import { seedFootprint } from '../services/dms/seed/footprint.js';
import { seedProviders } from '../services/dms/seed/providers.js';
import { seedSeo } from '../services/dms/seed/seo.js';
import { seedWordPress } from '../services/dms/seed/wordpress.js';
import { seedRunCloud } from '../services/dms/seed/runcloud.js';
import { seedTags } from '../services/dms/seed/tags.js';
import { seedComments } from '../services/mms/seed/comments.js';
import { loadPeople, seedNotifications } from '../services/nms/seed/notifications.js';
import { seedMonitors } from '../services/umms/seed/monitors.js';
import { seedIdentity } from '../services/ums/seed/identity.js';
import type { SeedContext, Seeder } from './context.js';
import { Rng } from './random.js';

export type { SeedContext, Seeder } from './context.js';

export interface SeedResult {
  adminEmail: string;
  /** Only set when the password was generated: printed once, never stored in clear. */
  generatedPassword: string | null;
}

/** Announcements and comment threads draw from one generator, in this order. */
async function seedMessages(tx: Queryable, ctx: SeedContext): Promise<void> {
  const rng = new Rng(6262);
  await seedNotifications(tx, ctx, rng);
  await seedComments(tx, rng, (await loadPeople(tx)).users);
}

/**
 * Demo portfolio data, one seeder per module, each next to the resources or commands it seeds; later
 * modules read what earlier ones wrote (sites before their runs, runs before their alerts).
 */
const DEMO_SEEDERS: Seeder[] = [
  seedTags,
  seedInventory,
  seedWordPress,
  // After WordPress: OpCache is read on the connected sites.
  seedRunCloud,
  seedSeo,
  seedBacklinks,
  seedServiceDiscovery,
  // After the hosting seed: the static states follow the link sites' RunCloud aliases.
  seedStaticSites,
  seedContent,
  // After WordPress: a task names posts of its website.
  seedTasks,
  seedWizard,
  seedProviders,
  seedJobs,
  // After the scans (seedJobs), WordPress and Analytics: it reads what they wrote.
  seedFootprint,
  seedMessages,
  seedMonitors,
];

/**
 * First-run seed: roles, the admin account and (unless SEED_DEMO=false) a believable demo portfolio, all
 * in one transaction. Runs once per database; later starts find the marker and do nothing.
 */
export async function seedIfEmpty(db: Db, config: Config, engine: Engine): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727253102)');
    const done = await tx.query("SELECT 1 FROM settings WHERE key = 'seeded'");
    if (done.rows.length) return null;
    const adminEmail = (config.adminEmail ?? 'admin@sitefleet.local').toLowerCase();
    const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
    await seedIdentity(tx, config, adminEmail, config.adminPassword ?? generatedPassword!);
    const ctx: SeedContext = {
      config,
      records: new SeedWriter({ engine, db, compile: compileBodyCheck }, tx),
    };
    if (config.seedDemo) for (const seeder of DEMO_SEEDERS) await seeder(tx, ctx);
    await tx.query("INSERT INTO settings (key, value) VALUES ('seeded', to_jsonb(epoch_now()))");
    return { adminEmail, generatedPassword };
  });
}
