import { ADMIN_ROLE, resources } from '@sitefleet/shared';
import { defineServerResource, type WriteEvent } from '../../core/resource.js';
import { invalid } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';
import { hashPassword } from './passwords.js';

async function adminRoleId(tx: Queryable): Promise<number | null> {
  const r = await tx.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [ADMIN_ROLE]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

async function checkPassword(e: WriteEvent, companyDomains: string[]): Promise<void> {
  const { input, values, existing } = e;
  const password = typeof input.new_password === 'string' ? input.new_password : '';
  if (password) {
    if (input.verify_password !== password) throw invalid({ verify_password: "Password doesn't match" });
    values.password_hash = await hashPassword(password);
    return;
  }
  const email = String(input.email ?? existing?.email ?? '').toLowerCase();
  const googleUser = companyDomains.some((d) => email.endsWith(`@${d}`)) || Boolean(existing?.google_id);
  if (!existing && !googleUser) throw invalid({ new_password: 'Required', verify_password: 'Required' });
}

/** Granting or removing ADMIN is for admins only, and nobody can lock themselves out. */
async function checkRoles(e: WriteEvent): Promise<void> {
  const { ctx, tx, values, existing } = e;
  const adminId = await adminRoleId(tx);
  const before = ((existing?.roles as number[] | undefined) ?? []).map(Number);
  const after = Array.isArray(values.roles) ? (values.roles as number[]) : before;
  const touchesAdmin = adminId !== null && before.includes(adminId) !== after.includes(adminId);
  if (touchesAdmin && !ctx.user?.isAdmin)
    throw invalid({ roles: 'Only an admin can grant or remove the ADMIN role' });
  if (existing && ctx.user?.id === Number(existing.id)) {
    if (adminId !== null && before.includes(adminId) && !after.includes(adminId)) {
      throw invalid({ roles: 'You cannot remove the ADMIN role from yourself' });
    }
    if (values.disabled === true) throw invalid({ disabled: 'You cannot disable your own account' });
  }
}

export function usersResource(companyDomains: string[]) {
  return defineServerResource({
    spec: resources.users,
    virtualFields: ['new_password', 'verify_password'],
    hooks: {
      async beforeWrite(e) {
        if (typeof e.values.email === 'string') e.values.email = e.values.email.trim().toLowerCase();
        await checkPassword(e, companyDomains);
        await checkRoles(e);
        const disabling = e.values.disabled === true && e.existing && e.existing.disabled !== true;
        const passwordChanged = Boolean(e.values.password_hash) && e.existing;
        // Disabling a user or changing their password ends their sessions on the next request.
        if (disabling || passwordChanged) e.values.session_epoch = Number(e.existing!.session_epoch) + 1;
      },
      async beforeDelete({ ctx, tx, existing }) {
        if (ctx.user?.id === Number(existing.id)) throw invalid({ id: 'You cannot delete your own account' });
        const adminId = await adminRoleId(tx);
        const roles = ((existing.roles as number[]) ?? []).map(Number);
        if (adminId !== null && roles.includes(adminId)) {
          if (!ctx.user?.isAdmin) throw invalid({ roles: 'Only an admin can delete an admin' });
          const others = await tx.query(
            'SELECT 1 FROM users WHERE id <> $1 AND roles @> ARRAY[$2::bigint] AND NOT disabled LIMIT 1',
            [existing.id, adminId],
          );
          if (!others.rows.length) throw invalid({ id: 'The last admin cannot be deleted' });
        }
      },
    },
  });
}
