import type { Queryable } from '../db/db.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log (the table refuses updates and deletes). Never records secret values. */
export async function writeAudit(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_id, action, target, ip, detail) VALUES ($1, $2, $3, $4, $5)', [
    e.actorId,
    e.action,
    e.target,
    e.ip,
    JSON.stringify(e.detail ?? {}),
  ]);
}
