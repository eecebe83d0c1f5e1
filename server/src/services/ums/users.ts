import { ADMIN_ROLE, resources } from '@sitefleet/shared';
import type { Config } from '../../config.js';
import { defineServerResource, type Row, type WriteEvent } from '../../core/resource.js';
import { invalid } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';
import { hashPassword } from './passwords.js';
import { grantOfRoles, loadActor, requireManage } from './privilege.js';
import { anotherEnabledHolder, roleIdByName } from './privilege-repository.js';
import { lockedUntilSql } from './throttle.js';
import { registerUnlock } from './unlock.js';

const adminRoleId = (tx: Queryable) => roleIdByName(tx, ADMIN_ROLE);

const roleIdsOf = (row: Row | null): number[] => ((row?.roles as number[] | undefined) ?? []).map(Number);

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

/**
 * Nobody manages an account stronger than themselves, nor makes one: the account as stored and as it
 * will be must both hold only permissions the editor holds (SECURITY.md, issue 13).
 */
async function checkPrivilege(e: WriteEvent): Promise<void> {
  const { ctx, tx, values, existing } = e;
  const actor = await loadActor(tx, ctx);
  const ref = existing ? `users/${String(existing.id)}` : 'users/new';
  if (existing) requireManage(actor, await grantOfRoles(tx, roleIdsOf(existing)), `change ${ref}`, ref);
  if (Array.isArray(values.roles) || !existing) {
    const after = await grantOfRoles(tx, (values.roles as number[] | undefined)?.map(Number) ?? []);
    requireManage(actor, after, 'give these roles', ref);
  }
}

/** Nobody locks themselves out. */
async function checkSelf(e: WriteEvent): Promise<void> {
  const { ctx, tx, values, existing } = e;
  if (!existing || ctx.user?.id !== Number(existing.id)) return;
  const adminId = await adminRoleId(tx);
  const after = Array.isArray(values.roles) ? (values.roles as number[]).map(Number) : roleIdsOf(existing);
  if (adminId !== null && roleIdsOf(existing).includes(adminId) && !after.includes(adminId)) {
    throw invalid({ roles: 'You cannot remove the ADMIN role from yourself' });
  }
  if (values.disabled === true) throw invalid({ disabled: 'You cannot disable your own account' });
}

export function usersResource(
  config: Pick<Config, 'allowedGoogleDomains' | 'loginMaxAttempts' | 'loginWindowSeconds'>,
) {
  return defineServerResource({
    spec: resources.users,
    virtualFields: ['new_password', 'verify_password'],
    computed: {
      // When the account's sign-in lock ends (epoch seconds); null when it is not locked.
      locked_until: { kind: 'integer', sql: lockedUntilSql(config) },
    },
    hooks: {
      async beforeWrite(e) {
        if (typeof e.values.email === 'string') e.values.email = e.values.email.trim().toLowerCase();
        await checkPrivilege(e);
        await checkPassword(e, config.allowedGoogleDomains);
        await checkSelf(e);
        const disabling = e.values.disabled === true && e.existing && e.existing.disabled !== true;
        const passwordChanged = Boolean(e.values.password_hash) && e.existing;
        // Disabling a user or changing their password ends their sessions on the next request.
        if (disabling || passwordChanged) e.values.session_epoch = Number(e.existing!.session_epoch) + 1;
      },
      async beforeDelete({ ctx, tx, existing }) {
        if (ctx.user?.id === Number(existing.id)) throw invalid({ id: 'You cannot delete your own account' });
        const ref = `users/${String(existing.id)}`;
        const actor = await loadActor(tx, ctx);
        requireManage(actor, await grantOfRoles(tx, roleIdsOf(existing)), `delete ${ref}`, ref);
        const adminId = await adminRoleId(tx);
        if (adminId !== null && roleIdsOf(existing).includes(adminId)) {
          if (!(await anotherEnabledHolder(tx, Number(existing.id), adminId)))
            throw invalid({ id: 'The last admin cannot be deleted' });
        }
      },
    },
    actions: registerUnlock,
  });
}
