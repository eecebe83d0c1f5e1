import { describe, expect, it } from 'vitest';
import { classifyRoute, groupPermissions, matchesSearch, toggleIds } from './groupPermissions';

describe('permission grouping', () => {
  it('classifies routes by service and resource', () => {
    expect(classifyRoute('/dms/api/v1/tags/:id')).toEqual({
      service: 'dms',
      key: 'api/v1/tags',
      label: 'tags',
    });
    expect(classifyRoute('/ums/auth/login')).toEqual({ service: 'ums', key: 'auth', label: 'auth' });
    expect(classifyRoute('/dms/health/heartbeat')).toEqual({
      service: 'dms',
      key: 'health',
      label: 'health',
    });
  });

  it('groups by service then resource, methods in CRUD order', () => {
    const groups = groupPermissions([
      { id: 1, method: 'DELETE', route: '/dms/api/v1/tags/:id' },
      { id: 2, method: 'GET', route: '/dms/api/v1/tags' },
      { id: 3, method: 'GET', route: '/ums/api/v1/users' },
      { id: 4, method: 'GET', route: '/dms/api/v1/tags/:id' },
      { id: 5, method: 'GET', route: '/dms/api/v1/domains' },
    ]);
    expect(groups.map((g) => g.service)).toEqual(['dms', 'ums']);
    expect(groups[0]?.resources.map((r) => r.label)).toEqual(['domains', 'tags']);
    expect(groups[0]?.resources[1]?.permissions.map((p) => p.id)).toEqual([2, 4, 1]);
  });

  it('searches method and route, and toggles selections', () => {
    expect(matchesSearch({ id: 1, method: 'GET', route: '/dms/api/v1/tags' }, 'get /dms')).toBe(true);
    expect(matchesSearch({ id: 1, method: 'GET', route: '/dms/api/v1/tags' }, 'users')).toBe(false);
    expect(toggleIds([1, 2], [2, 3], true)).toEqual([1, 2, 3]);
    expect(toggleIds([1, 2, 3], [2, 3], false)).toEqual([1]);
  });
});
