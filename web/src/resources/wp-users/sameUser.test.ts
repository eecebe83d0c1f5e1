import { describe, expect, it } from 'vitest';
import { sameUserSites } from './sameUser';

const user = {
  id: 1,
  user_login: 'ana',
  user_email: 'Ana@Example.com',
  website_id: 5,
  website_hostname: 'c.test',
};

describe("a WP user's Websites tab (SPEC §2.5)", () => {
  it('lists each site with a user of the same login or e-mail once, by hostname', () => {
    const rows = sameUserSites(user, [
      user,
      {
        id: 2,
        user_login: 'ana',
        user_email: 'other@example.com',
        website_id: 6,
        website_hostname: 'b.test',
      },
      {
        id: 3,
        user_login: 'ana.r',
        user_email: 'ana@example.com',
        website_id: 7,
        website_hostname: 'a.test',
      },
      { id: 4, user_login: 'ana', user_email: 'ana@example.com', website_id: 7, website_hostname: 'a.test' },
    ]);
    expect(rows.map((r) => [r.id, r.website_hostname])).toEqual([
      [3, 'a.test'],
      [2, 'b.test'],
      [1, 'c.test'],
    ]);
  });

  it('leaves out substring matches the list filter returns, and never matches on an empty e-mail', () => {
    const rows = sameUserSites({ ...user, user_email: '' }, [
      { id: 8, user_login: 'anabel', user_email: '', website_id: 9 },
      { id: 9, user_login: 'joe', user_email: '', website_id: 10 },
    ]);
    expect(rows).toEqual([]);
  });
});
