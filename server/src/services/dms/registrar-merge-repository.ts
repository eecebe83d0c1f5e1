import type { Queryable } from '../../db/db.js';
import type { SqlFragment } from '../../core/sql.js';
import { sql } from '../../core/sql.js';

/**
 * The statements of a registrar merge, all in one transaction. Direct SQL: every domain and nameserver of
 * the merged registrars moves in one set-based update each, and the target and the merged rows change
 * together or not at all; the engine writes one record per transaction. Which registrars the user may merge
 * comes from the engine (`visible`, the resource's access rule), so it is not written again here.
 */

export interface MergedRegistrar {
  id: number;
  registrar: string;
  other_registrar_names: string[];
  nameserver_domain_names: string[];
}

/** Locks the named registrars the user may see (`visible`: ids under the access rule). */
export async function lockRegistrars(
  tx: Queryable,
  ids: number[],
  visible: SqlFragment,
): Promise<MergedRegistrar[]> {
  const q = sql`SELECT id, registrar, other_registrar_names, nameserver_domain_names FROM registrars
    WHERE id = ANY(${ids}::bigint[]) AND id IN (${visible}) FOR UPDATE`.query();
  const found = await tx.query<MergedRegistrar>(q.text, q.values);
  return found.rows;
}

/** Points the sources' domains and nameservers at the target; answers how many domains moved. */
export async function moveToRegistrar(tx: Queryable, targetId: number, sources: number[]): Promise<number> {
  const moved = await tx.query(
    'UPDATE domains SET registrar_id = $1, updated_at = epoch_now(), version = version + 1 WHERE registrar_id = ANY($2::bigint[])',
    [targetId, sources],
  );
  await tx.query(
    'UPDATE nameservers SET registrar_id = $1, updated_at = epoch_now(), version = version + 1 WHERE registrar_id = ANY($2::bigint[])',
    [targetId, sources],
  );
  return moved.rowCount;
}

/** Gives the target the merged names and deletes the sources. */
export async function absorbRegistrars(
  tx: Queryable,
  targetId: number,
  sources: number[],
  names: { other: string[]; nameserverDomains: string[] },
): Promise<void> {
  await tx.query(
    `UPDATE registrars SET other_registrar_names = $2, nameserver_domain_names = $3, updated_at = epoch_now(), version = version + 1
     WHERE id = $1`,
    [targetId, names.other, names.nameserverDomains],
  );
  await tx.query('DELETE FROM registrars WHERE id = ANY($1::bigint[])', [sources]);
}
