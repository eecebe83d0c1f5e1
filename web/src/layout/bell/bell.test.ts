import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../providers/messaging';
import { isUnread, itemsOf, unreadCount, withChanges } from './inbox';
import { linkTarget } from './links';
import { previewMessage } from './message';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('message preview (SPEC §4: 25 words)', () => {
  it('keeps a message of exactly 25 words whole', () => {
    expect(previewMessage(words(25))).toEqual({ text: words(25), truncated: false });
  });

  it('cuts a message of 26 words to 25 words and an ellipsis', () => {
    expect(previewMessage(words(26))).toEqual({ text: `${words(25)}…`, truncated: true });
  });

  it('counts words across any whitespace', () => {
    expect(previewMessage('  a\n b\t c  ', 2)).toEqual({ text: 'a b…', truncated: true });
    expect(previewMessage('')).toEqual({ text: '', truncated: false });
  });
});

describe('notification links (SPEC §2.7)', () => {
  it('opens http(s) links in a new tab', () => {
    expect(linkTarget('https://example.com/a#b')).toEqual({
      kind: 'external',
      href: 'https://example.com/a#b',
    });
  });

  it('navigates inside the console for links with a hash fragment', () => {
    expect(linkTarget('#/dms/api/v1/domains/3/show')).toEqual({
      kind: 'console',
      to: '/dms/api/v1/domains/3/show',
    });
  });

  it('makes no link of anything else', () => {
    for (const link of ['javascript:alert(1)', '/plain/path', '#//evil.example', '', null])
      expect(linkTarget(link)).toBeNull();
  });
});

const item = (over: Partial<InboxItem>): InboxItem => ({
  id: 1,
  title: 't',
  message: '<p>m</p>',
  type: 'INFO',
  link: null,
  user_id: null,
  recipients: null,
  website_id: null,
  website: null,
  importance: null,
  resolved: 'no',
  read: 0,
  created_at: 1_700_000_000,
  created_by: null,
  created_by_name: null,
  ...over,
});

describe('inbox (SPEC §4)', () => {
  it('counts unread items; a resolved alert counts as read', () => {
    const items = [
      item({ id: 1 }),
      item({ id: 2, read: 1 }),
      item({ id: 3, type: 'ALERT', resolved: 'yes' }),
      item({ id: 4, type: 'ALERT' }),
    ];
    expect(items.map(isUnread)).toEqual([true, false, false, true]);
    expect(unreadCount(items)).toBe(2);
  });

  it('puts ALERT items in the Alerts tab and every other type in Notifications', () => {
    const items = [item({ id: 1, type: 'WARNING' }), item({ id: 2, type: 'ALERT' }), item({ id: 3 })];
    expect(itemsOf(items, 'alerts').map((i) => i.id)).toEqual([2]);
    expect(itemsOf(items, 'notifications').map((i) => i.id)).toEqual([1, 3]);
  });

  it('applies and rolls back changes by id', () => {
    const items = [item({ id: 1 }), item({ id: 2 })];
    const changed = withChanges(items, new Map([[2, { read: 1 as const }]]));
    expect(changed.map((i) => i.read)).toEqual([0, 1]);
    expect(withChanges(changed, new Map([[2, { read: 0 as const }]]))).toEqual(items);
  });
});
