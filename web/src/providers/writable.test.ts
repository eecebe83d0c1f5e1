import { describe, expect, it } from 'vitest';
import { cleanFilter, specOf, writableBody } from './writable';

describe('request bodies', () => {
  const user = {
    id: 4,
    created_at: 1,
    updated_at: 2,
    version: 3,
    name: 'Ann',
    email: 'ann@x.io',
    google_id: 'g-1',
    last_login: 5,
    full_roles: [],
    new_password: '',
    verify_password: null,
  };

  it('sends only writable declared fields and the current version on update', () => {
    expect(writableBody('ums/api/v1/users', user, 'update')).toEqual({
      name: 'Ann',
      email: 'ann@x.io',
      version: 3,
    });
  });

  it('sends write-only fields once they are filled', () => {
    const body = writableBody(
      'ums/api/v1/users',
      { ...user, new_password: 'x'.repeat(12), verify_password: 'x'.repeat(12) },
      'create',
    );
    expect(body).toEqual({
      name: 'Ann',
      email: 'ann@x.io',
      new_password: 'x'.repeat(12),
      verify_password: 'x'.repeat(12),
    });
  });

  it('strips server-owned fields for resources without a declaration', () => {
    expect(
      writableBody('dms/api/v1/unknown', { id: 1, created_at: 1, title: 't', version: 2 }, 'update'),
    ).toEqual({
      title: 't',
      version: 2,
    });
  });

  it('drops empty filter values', () => {
    expect(cleanFilter({ a: '', b: null, c: [], d: 0, e: false, f: 'x' })).toEqual({
      d: 0,
      e: false,
      f: 'x',
    });
  });

  it('keeps stored secrets when their boxes are left empty, clears them on an explicit null', () => {
    const site = {
      id: 1,
      version: 2,
      url: 'https://a.io',
      http_auth_credentials: '',
      http_auth_credentials_set: true,
      remote_desktop: { username: 'op', password: '', password_set: true },
    };
    expect(writableBody('dms/api/v1/websites', site, 'update')).toEqual({
      url: 'https://a.io',
      remote_desktop: { username: 'op', password_set: true },
      version: 2,
    });
    expect(
      writableBody('dms/api/v1/websites', { ...site, http_auth_credentials: null }, 'update'),
    ).toMatchObject({ http_auth_credentials: null });
    expect(
      writableBody('dms/api/v1/websites', { ...site, http_auth_credentials: 'u:p' }, 'update'),
    ).toMatchObject({ http_auth_credentials: 'u:p' });
  });

  it('finds declarations grouped per service, such as the cron jobs of each service', () => {
    expect(specOf('umms/api/v1/cron-jobs')?.defaultSort).toEqual({ field: 'start_time', order: 'DESC' });
    expect(specOf('dms/api/v1/tags')?.name).toBe('tags');
  });
});
