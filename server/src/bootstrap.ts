import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { Engine } from './core/crud.js';
import { buildModels } from './core/model.js';
import { parseKey, SecretBox } from './core/secrets.js';
import type { Db } from './db/db.js';
import { lockDataDir } from './db/lock.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import type { AppDeps, Integrations } from './deps.js';
import { createIntegrations } from './integrations/index.js';
import { GoogleIdTokenVerifier } from './integrations/google/id-token.js';
import { JobEngine } from './jobs/engine.js';
import { allCommands } from './services/commands.js';
import { websiteAlertSink } from './services/nms/alerts.js';
import { allResources } from './services/registry.js';
import { TokenService } from './services/ums/tokens.js';
import { PrincipalCache } from './services/ums/principal.js';

export interface OpenedDb {
  db: Db;
  release: () => Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR/pg behind a lock file. */
/** Where the embedded database of a data folder lives. */
export const embeddedDir = (config: Config) => path.join(config.dataDir, 'pg');

export async function openDatabase(config: Config): Promise<OpenedDb> {
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl, 10, `sitefleet-${config.role}`);
    return { db, release: () => db.close() };
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const db = await openPglite(embeddedDir(config));
    return {
      db,
      release: async () => {
        await db.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

interface Keys {
  secretsKey: string;
  jwtSecret: string;
}

/**
 * Keys come from SECRETS_KEY and JWT_SECRET. In embedded mode without them, keys are generated once into
 * DATA_DIR/keys.json (readable by the owner only) with a warning; with DATABASE_URL they are required.
 */
export function resolveKeys(config: Config, warn: (msg: string) => void): Keys {
  if (config.secretsKey && config.jwtSecret)
    return { secretsKey: config.secretsKey, jwtSecret: config.jwtSecret };
  if (config.databaseUrl) {
    throw new Error(
      'SECRETS_KEY and JWT_SECRET must be set when DATABASE_URL is used (see README.md, Configuration)',
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'keys.json');
  let stored: Partial<Keys> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Keys>;
  const keys: Keys = {
    secretsKey: config.secretsKey ?? stored.secretsKey ?? randomBytes(32).toString('base64'),
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
  };
  if (stored.secretsKey !== keys.secretsKey || stored.jwtSecret !== keys.jwtSecret) {
    if (!config.secretsKey || !config.jwtSecret) {
      warn(
        `Generated keys into ${file}. Back this file up with the data folder, or set SECRETS_KEY and JWT_SECRET.`,
      );
    }
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return keys;
}

export function createDeps(config: Config, db: Db, keys: Keys, integrations?: Integrations): AppDeps {
  const secrets = new SecretBox(
    parseKey(keys.secretsKey),
    config.secretsKeysOld.map((k) => parseKey(k, 'SECRETS_KEYS_OLD')),
  );
  if (keys.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const jobs = new JobEngine(db, db.queueConnection, {
    expireSeconds: config.jobsExpireSeconds,
    superviseSeconds: config.jobsSuperviseSeconds,
    concurrencyFactor: config.jobsConcurrency,
    retryDelaySeconds: config.jobsRetryDelaySeconds,
  });
  jobs.register(...allCommands(config));
  const resources = allResources(config, () => jobs);
  const models = buildModels(resources);
  return {
    jobs,
    resources,
    websiteAlerts: websiteAlertSink,
    config,
    db,
    secrets,
    tokens: new TokenService(keys.jwtSecret, config.tokenTtlSeconds),
    google: config.googleClientId
      ? new GoogleIdTokenVerifier(config.googleClientId, config.allowedGoogleDomains, config.googleCertsUrl)
      : null,
    engine: new Engine(models, secrets),
    integrations: integrations ?? createIntegrations(config),
    principals: new PrincipalCache(),
  };
}
