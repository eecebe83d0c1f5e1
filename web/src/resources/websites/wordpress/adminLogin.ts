import { actions, ADMIN_ROLE, IT_ROLE } from '@sitefleet/shared';
import { mayCall, type Permissions } from '../../../providers/permissions';

/**
 * SPEC §6: the admin-login button is hidden for THIRD_PARTY sites unless the user has role IT or ADMIN,
 * and for anyone whose roles do not hold the admin-login action (the server checks both again).
 */
export function mayOpenAdmin(perms: Permissions, websiteType: unknown): boolean {
  if (!mayCall(perms, actions.wordpress.adminLogin)) return false;
  if (websiteType !== 'THIRD_PARTY') return true;
  return perms.isAdmin || perms.roles.includes(ADMIN_ROLE) || perms.roles.includes(IT_ROLE);
}

/**
 * Opens wp-admin in a new tab by POSTing the one-time login token to the site's login URL from a form:
 * the token travels in the body, never in a URL, and the staff member's own bearer token never leaves.
 */
export function postAdminLogin(doc: Document, url: string, token: string): void {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new Error(`Refusing to open a login at ${target.protocol} address`);
  const form = doc.createElement('form');
  form.method = 'post';
  form.target = '_blank';
  form.action = target.href;
  form.style.display = 'none';
  const input = doc.createElement('input');
  input.type = 'hidden';
  input.name = 'token';
  input.value = token;
  form.appendChild(input);
  doc.body.appendChild(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
