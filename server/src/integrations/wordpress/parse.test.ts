import { describe, expect, it } from 'vitest';
import {
  parseAuditEntry,
  parseCompanionStatus,
  parsePlugin,
  parsePost,
  parseUser,
  ShapeError,
} from './parse.js';

const STATUS = {
  companion: '1.0.0',
  site_id: '42',
  home: 'http://127.0.0.2:8089',
  core: { version: '6.1.1', update: '6.4.2', managed_by: 'package-manager' },
  php: '8.2.29',
  database: { server: 'MariaDB', version: '10.11.14' },
  theme: { stylesheet: 'twentytwentythree', name: 'Twenty Twenty-Three', version: '1.0' },
  generator: { public: '6.1.1', override: null },
  updates: {
    plugins: [{ plugin: 'akismet/akismet.php', version: '5.0.1', new_version: '5.3' }],
    themes: [{ stylesheet: 'twentytwentytwo', version: '1.3', new_version: '1.6' }],
  },
  sso: { key_id: '9f2c4a1b0d3e5f67' },
};

describe('parseCompanionStatus', () => {
  it('reads the documented example', () => {
    expect(parseCompanionStatus(STATUS)).toEqual({
      companion: '1.0.0',
      siteId: '42',
      home: 'http://127.0.0.2:8089',
      core: { version: '6.1.1', update: '6.4.2', managedBy: 'package-manager' },
      php: '8.2.29',
      database: { server: 'MariaDB', version: '10.11.14' },
      theme: { stylesheet: 'twentytwentythree', name: 'Twenty Twenty-Three', version: '1.0' },
      generator: { public: '6.1.1', override: null },
      updates: {
        plugins: [{ plugin: 'akismet/akismet.php', version: '5.0.1', newVersion: '5.3' }],
        themes: [{ stylesheet: 'twentytwentytwo', version: '1.3', newVersion: '1.6' }],
      },
      sso: { keyId: '9f2c4a1b0d3e5f67' },
    });
  });

  it('refuses a body without the core version, or with updates that are not a list', () => {
    expect(() => parseCompanionStatus({ ...STATUS, core: { update: null } })).toThrow(ShapeError);
    expect(() => parseCompanionStatus({ ...STATUS, updates: { plugins: 'x' } })).toThrow(/not a list/);
    expect(() => parseCompanionStatus('<html>')).toThrow(/status is not an object/);
  });
});

describe('core REST records', () => {
  it('reads a plugin under both of its names and refuses an unknown status', () => {
    expect(
      parsePlugin({ plugin: 'akismet/akismet', status: 'active', name: 'Akismet', version: '5.3' }),
    ).toMatchObject({
      plugin: 'akismet/akismet',
      file: 'akismet/akismet.php',
      status: 'active',
    });
    expect(() => parsePlugin({ plugin: 'a/a', status: 'enabled' })).toThrow(/unknown/);
  });

  it('reads raw and rendered text, and UTC dates', () => {
    const post = parsePost({
      id: 3,
      type: 'post',
      status: 'draft',
      title: { raw: 'Raw &', rendered: 'Raw &amp;' },
      content: { raw: '<!-- wp:p -->', rendered: '<p>Shown</p>' },
      date_gmt: '2024-01-01T10:00:00',
      modified_gmt: null,
    });
    expect(post).toMatchObject({
      title: 'Raw &',
      contentHtml: '<p>Shown</p>',
      date: '2024-01-01T10:00:00Z',
      modified: null,
    });
    expect(() => parsePost({ id: 'x', type: 'post', status: 'publish' })).toThrow(
      /post.id is not an integer/,
    );
  });

  it('keeps only granted capabilities', () => {
    const user = parseUser({
      id: 1,
      username: 'a',
      capabilities: { manage_options: true, edit_posts: false },
    });
    expect(user.capabilities).toEqual(['manage_options']);
  });

  it('reads audit entries with a numeric or ISO time', () => {
    const base = { id: '3', jti: 'j', staff_id: '17', user_login: 'sitefleet-17', result: 'ok', ip: '::1' };
    expect(parseAuditEntry({ ...base, at: 1764080000 })).toMatchObject({
      id: 3,
      at: '2025-11-25T14:13:20.000Z',
      staffId: 17,
      reason: null,
    });
    expect(() => parseAuditEntry({ ...base, at: 'x', result: 'maybe' })).toThrow(ShapeError);
  });
});
