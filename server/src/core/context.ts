import type { Db } from '../db/db.js';

export interface AuthUser {
  id: number;
  email: string;
  isAdmin: boolean;
  roleNames: string[];
}

/** What an operation knows about the request it serves. */
export interface RequestContext {
  user: AuthUser | null;
  ip: string;
  db: Db;
  audit(action: string, target: string | null, detail?: Record<string, unknown>): Promise<void>;
}
