import LabelIcon from '@mui/icons-material/Label';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../providers/permissions';
import { buildMenu, entryForPath, type MenuEntry } from './menu';

const entries: MenuEntry[] = [
  {
    label: 'Users',
    icon: LabelIcon,
    to: '/ums/api/v1/users',
    group: 'Administration',
    resource: 'ums/api/v1/users',
  },
  { label: 'Tags', icon: LabelIcon, to: '/dms/api/v1/tags', group: 'Websites', resource: 'dms/api/v1/tags' },
  { label: 'Signature generator', icon: LabelIcon, to: '/signature', group: 'SEO and Tools' },
  {
    label: 'Deindex checker',
    icon: LabelIcon,
    to: '/dms/api/v1/backlinks/deindex-checker',
    group: 'SEO and Tools',
    resource: 'dms/api/v1/backlinks/deindex-checker',
    method: 'POST',
  },
];

describe('menu', () => {
  it('keeps SPEC §1 group order and hides groups with nothing visible', () => {
    const viewer = permissionsOf({ full_roles: [], full_permissions: { '/dms/api/v1/tags': { GET: true } } });
    expect(buildMenu(entries, viewer).map((g) => [g.name, g.entries.map((e) => e.label)])).toEqual([
      ['Websites', ['Tags']],
      ['SEO and Tools', ['Signature generator']],
    ]);
  });

  it('shows a tool that only posts to those who may post to it', () => {
    const checker = permissionsOf({
      full_roles: [],
      full_permissions: { '/dms/api/v1/backlinks/deindex-checker': { POST: true } },
    });
    expect(buildMenu(entries, checker).flatMap((g) => g.entries.map((e) => e.label))).toEqual([
      'Signature generator',
      'Deindex checker',
    ]);
  });

  it('shows ADMIN every entry', () => {
    const admin = permissionsOf({ full_roles: [{ id: 1, name: 'ADMIN' }], full_permissions: {} });
    expect(buildMenu(entries, admin).map((g) => g.name)).toEqual([
      'Websites',
      'SEO and Tools',
      'Administration',
    ]);
  });

  it('finds the entry of a nested route', () => {
    expect(entryForPath(entries, '/ums/api/v1/users/5/show')?.label).toBe('Users');
    expect(entryForPath(entries, '/ums/api/v1/users')?.label).toBe('Users');
    expect(entryForPath(entries, '/ums/api/v1/usersx')).toBeUndefined();
    expect(entryForPath(entries, '/')).toBeUndefined();
  });
});
