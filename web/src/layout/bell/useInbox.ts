import { resources, TIMINGS } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import type { InboxItem, ReadFlag, Resolved } from '../../providers/messaging';
import { unreadCount, withChanges, type ItemChange } from './inbox';
import { usePolling } from './usePolling';
import { onResourceWrite } from './writes';

/** SPEC §8. */
export const NOTIFICATIONS_ERROR = 'Error fetching notifications';

export interface InboxState {
  items: InboxItem[];
  /** False until the first answer. */
  loaded: boolean;
  unread: number;
  setRead: (item: InboxItem, read: ReadFlag) => void;
  markAllRead: () => void;
  setResolved: (item: InboxItem, resolved: Resolved) => void;
}

/**
 * The signed-in user's notifications, polled every 30 s while they are active (SPEC §9) and read again
 * as soon as a notification is written from this console. Read and resolved changes show at once and
 * are rolled back when the server refuses them; a poll that started before a change is ignored, so it
 * cannot undo the change on screen.
 */
export function useInbox(enabled = true): InboxState {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const [items, setItems] = useState<InboxItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const changes = useRef(0);
  const failing = useRef(false);

  const load = useCallback(async () => {
    const seen = changes.current;
    try {
      const inbox = await dataProvider.inbox();
      failing.current = false;
      if (seen !== changes.current) return;
      setItems(inbox.items);
      setLoaded(true);
    } catch {
      // one snackbar per failing streak, not one every 30 s
      if (!failing.current) notify(NOTIFICATIONS_ERROR, { type: 'error' });
      failing.current = true;
    }
  }, [dataProvider, notify]);

  usePolling(() => void load(), {
    intervalMs: TIMINGS.notificationPollMs,
    idleMs: TIMINGS.notificationIdleMs,
    enabled,
  });

  // A notification this user just sent may be addressed to them (a role they hold): read the inbox at
  // once rather than at the next poll.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return onResourceWrite(queryClient, resources.notifications.path, () => void load());
  }, [enabled, load, queryClient]);

  /** Shows `next` at once, calls the server, and puts `previous` back if it refuses. */
  const change = useCallback(
    async (
      next: Map<number, ItemChange>,
      previous: Map<number, ItemChange>,
      call: () => Promise<unknown>,
    ) => {
      changes.current += 1;
      setItems((current) => withChanges(current, next));
      try {
        await call();
      } catch (error) {
        setItems((current) => withChanges(current, previous));
        notify(errorMessage(error), { type: 'error' });
      }
    },
    [notify],
  );

  const setRead = useCallback(
    (item: InboxItem, read: ReadFlag) =>
      void change(new Map([[item.id, { read }]]), new Map([[item.id, { read: item.read }]]), () =>
        dataProvider.markRead(item.id, read),
      ),
    [change, dataProvider],
  );

  const markAllRead = useCallback(() => {
    const unread = items.filter((i) => i.read === 0);
    void change(
      new Map(unread.map((i) => [i.id, { read: 1 }])),
      new Map(unread.map((i) => [i.id, { read: 0 }])),
      () => dataProvider.markAllRead(),
    );
  }, [change, dataProvider, items]);

  const setResolved = useCallback(
    (item: InboxItem, resolved: Resolved) =>
      void change(
        new Map([[item.id, { resolved }]]),
        new Map([[item.id, { resolved: item.resolved }]]),
        () =>
          item.website_id !== null
            ? dataProvider.resolveWebsiteAlert(item.website_id, item.id, resolved)
            : dataProvider.resolveNotification(item.id, resolved),
      ),
    [change, dataProvider],
  );

  const unread = useMemo(() => unreadCount(items), [items]);
  return { items, loaded, unread, setRead, markAllRead, setResolved };
}
