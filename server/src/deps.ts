import type { Config } from './config.js';
import type { Engine } from './core/crud.js';
import type { SecretBox } from './core/secrets.js';
import type { Db } from './db/db.js';
import type { GoogleIdTokenVerifier } from './integrations/google/id-token.js';
import type { TokenService } from './services/ums/tokens.js';

/** What the app is built from; tests build it with their own database and keys. */
export interface AppDeps {
  config: Config;
  db: Db;
  secrets: SecretBox;
  tokens: TokenService;
  google: GoogleIdTokenVerifier | null;
  engine: Engine;
}
