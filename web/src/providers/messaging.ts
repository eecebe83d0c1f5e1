import {
  actions,
  resources,
  type Conversation,
  type ConversationComment,
  type InboxItem,
  type WebsiteAlert,
} from '@sitefleet/shared';
import type { Identifier } from 'react-admin';
import { callAction } from './actions';
import { apiFetch } from './http';

export type Resolved = InboxItem['resolved'];
export type ReadFlag = InboxItem['read'];
export type { Conversation, ConversationComment, InboxItem, WebsiteAlert };

export interface Inbox {
  items: InboxItem[];
  unread: number;
}

/** SPEC §8: a conversation call that answers without the id it should carry. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

const id = (value: Identifier) => String(value);
const epochSeconds = () => Math.floor(Date.now() / 1000);

function expectId<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || value === '') throw new Error(SOMETHING_WENT_WRONG);
  return value;
}

export interface MessagingCalls {
  /** The signed-in user's notifications and alerts, newest first (actions.nms.inbox). */
  inbox: () => Promise<Inbox>;
  /** Read (1) or unread (0) for the signed-in user (actions.nms.markRead). */
  markRead: (id: Identifier, read: ReadFlag) => Promise<void>;
  /** Everything in the inbox read (actions.nms.markAllRead). */
  markAllRead: () => Promise<void>;
  /** An alert without a website: the notification record is read for its version, then updated. */
  resolveNotification: (id: Identifier, resolved: Resolved) => Promise<void>;
  /** A multipart upload of one image; its relative URL (actions.nms.uploadImage). */
  uploadNotificationImage: (file: Blob, name: string) => Promise<string>;
  /** A website's alerts (actions.nms.websiteAlerts). */
  websiteAlerts: (websiteId: Identifier) => Promise<WebsiteAlert[]>;
  /**
   * Resolves or reopens a website's alert at the version it was read at; without one (the bell's items
   * carry none) the alert is read first (actions.nms.resolveWebsiteAlert).
   */
  resolveWebsiteAlert: (
    websiteId: Identifier,
    alertId: Identifier,
    resolved: Resolved,
    version?: number,
  ) => Promise<WebsiteAlert>;
  /** The website's conversation, or null before its first comment (actions.mms.conversationOf). */
  conversationOf: (projectId: Identifier) => Promise<Conversation | null>;
  /** Starts the conversation with its first comment; answers its id (actions.mms.startConversation). */
  startConversation: (
    projectId: Identifier,
    comment: { author: Identifier; authorName: string; content: string },
  ) => Promise<string>;
  /** Adds a comment; answers its uid (actions.mms.reply). */
  reply: (uid: string, content: string) => Promise<string>;
  /** The author's own comment, edited (actions.mms.editComment). */
  editComment: (uid: string, commentUid: string, content: string) => Promise<ConversationComment>;
}

/** Notifications, website alerts and project conversations (SPEC §7.7, §7.8). */
export const messagingCalls: MessagingCalls = {
  async inbox() {
    const res = await callAction(actions.nms.inbox, {});
    return { items: res.data, unread: res.meta.unread };
  },
  async markRead(notification, read) {
    await callAction(actions.nms.markRead, { params: { id: id(notification) }, body: { read } });
  },
  async markAllRead() {
    await callAction(actions.nms.markAllRead, {});
  },
  async resolveNotification(notification, resolved) {
    // The generic resource: a notification record read for its version, then updated.
    const path = `${resources.notifications.path}/${encodeURIComponent(id(notification))}`;
    const current = await apiFetch<{ data: { version?: number } }>(path);
    await apiFetch(path, { method: 'PUT', body: { resolved, version: current.data?.version } });
  },
  async uploadNotificationImage(file, name) {
    const form = new FormData();
    form.append('file', file, name);
    const res = await callAction(actions.nms.uploadImage, {}, { form });
    return expectId(res?.data?.url);
  },
  async websiteAlerts(websiteId) {
    return (await callAction(actions.nms.websiteAlerts, { params: { id: id(websiteId) } })).data;
  },
  async resolveWebsiteAlert(websiteId, alertId, resolved, version) {
    const read =
      version ?? (await this.websiteAlerts(websiteId)).find((a) => String(a.id) === id(alertId))?.version;
    if (read === undefined) throw new Error(SOMETHING_WENT_WRONG);
    const res = await callAction(actions.nms.resolveWebsiteAlert, {
      params: { id: id(websiteId), notificationId: id(alertId) },
      body: { resolved, version: read },
    });
    return res.data;
  },
  async conversationOf(projectId) {
    const res = await callAction(actions.mms.conversationOf, { query: { project_id: id(projectId) } });
    const conversation = res.data?.[0];
    if (!conversation) return null;
    expectId(conversation.id);
    return { ...conversation, comments: conversation.comments ?? [] };
  },
  async startConversation(projectId, comment) {
    const res = await callAction(actions.mms.startConversation, {
      body: {
        project_id: projectId,
        comments: [
          {
            author: comment.author,
            authorName: comment.authorName,
            createdAt: epochSeconds(),
            content: comment.content,
          },
        ],
      },
    });
    return expectId(res?.id ?? res?.data?.id);
  },
  async reply(uid, content) {
    const res = await callAction(actions.mms.reply, {
      params: { uid },
      body: { createdAt: epochSeconds(), content },
    });
    return expectId(res?.comment_uid ?? res?.data?.comment_uid);
  },
  async editComment(uid, commentUid, content) {
    const res = await callAction(actions.mms.editComment, {
      params: { uid, commentUid },
      body: { modifiedAt: epochSeconds(), content },
    });
    return expectId(res?.data);
  },
};
