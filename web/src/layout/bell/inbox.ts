import type { InboxItem, ReadFlag, Resolved } from '../../providers/messaging';

export type BellTab = 'notifications' | 'alerts';

/** SPEC §4: unread until read is set; a resolved alert counts as read. */
export const isUnread = (item: InboxItem) => item.read === 0 && item.resolved !== 'yes';

export const unreadCount = (items: readonly InboxItem[]) => items.filter(isUnread).length;

/** The Alerts tab holds the ALERT items; the Notifications tab every other type. */
export const tabOf = (item: InboxItem): BellTab => (item.type === 'ALERT' ? 'alerts' : 'notifications');

export const itemsOf = (items: readonly InboxItem[], tab: BellTab) => items.filter((i) => tabOf(i) === tab);

export type ItemChange = Partial<{ read: ReadFlag; resolved: Resolved }>;

/** The items with some of them changed (an optimistic update, or its rollback). */
export function withChanges(
  items: readonly InboxItem[],
  changes: ReadonlyMap<number, ItemChange>,
): InboxItem[] {
  return items.map((item) => {
    const change = changes.get(item.id);
    return change ? { ...item, ...change } : item;
  });
}
