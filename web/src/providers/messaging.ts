import { resources, type NOTIFICATION_TYPES } from '@sitefleet/shared';
import { HttpError, type Identifier } from 'react-admin';
import { apiFetch, apiUrl, authHeaders, GENERIC_ERROR, toHttpError } from './http';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type Resolved = 'yes' | 'no';
export type ReadFlag = 0 | 1;

/** One entry of the bell drawer: GET nms/api/v1/notifications/me (SPEC §3, §7.7). */
export interface InboxItem {
  id: number;
  title: string;
  /** HTML, sanitised by the server. */
  message: string;
  type: NotificationType;
  link: string | null;
  user_id: number | null;
  recipients: number | null;
  website_id: number | null;
  website: { id: number; hostname: string } | null;
  importance: string | null;
  resolved: Resolved;
  /** The signed-in user's read flag. */
  read: ReadFlag;
  /** Epoch seconds. */
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

export interface Inbox {
  items: InboxItem[];
  unread: number;
}

/** A website's alert: GET dms/api/v1/websites/{id}/notifications (SPEC §7.7). */
export interface WebsiteAlert {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  link: string | null;
  importance: string | null;
  data: Record<string, unknown> | null;
  resolved: Resolved;
  created_at: number;
  updated_at: number;
}

/** One comment of a project's conversation (SPEC §3 Conversation). */
export interface ConversationComment {
  uid: string;
  /** The author's user id. */
  author: number | null;
  authorName: string;
  /** Epoch seconds. */
  createdAt: number;
  modifiedAt: number | null;
  /** HTML, sanitised by the server. */
  content: string;
}

export interface Conversation {
  id: string;
  project_id: number;
  comments: ConversationComment[];
}

/** SPEC §8: a conversation call that answers without the id it should carry. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

const NOTIFICATIONS = resources.notifications.path;
const CONVERSATIONS = 'mms/api/v1/conversations';
const websiteAlertsPath = (websiteId: Identifier) =>
  `${resources.websites.path}/${encodeURIComponent(String(websiteId))}/notifications`;
const conversationPath = (uid: string) => `${CONVERSATIONS}/${encodeURIComponent(uid)}`;
const epochSeconds = () => Math.floor(Date.now() / 1000);

function expectId<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || value === '') throw new Error(SOMETHING_WENT_WRONG);
  return value;
}

export interface MessagingCalls {
  /** GET nms/api/v1/notifications/me: the signed-in user's notifications and alerts, newest first. */
  inbox: () => Promise<Inbox>;
  /** POST nms/api/v1/notifications/{id}/mark-read with {read}. */
  markRead: (id: Identifier, read: ReadFlag) => Promise<void>;
  /** POST nms/api/v1/notifications/mark-all-read. */
  markAllRead: () => Promise<void>;
  /** An alert without a website: the notification record is read for its version, then updated. */
  resolveNotification: (id: Identifier, resolved: Resolved) => Promise<void>;
  /** POST nms/api/v1/notifications/images (multipart `file`): the uploaded image's relative URL. */
  uploadNotificationImage: (file: Blob, name: string) => Promise<string>;
  /** GET dms/api/v1/websites/{id}/notifications. */
  websiteAlerts: (websiteId: Identifier) => Promise<WebsiteAlert[]>;
  /** PUT dms/api/v1/websites/{id}/notifications/{alertId} with {resolved}. */
  resolveWebsiteAlert: (
    websiteId: Identifier,
    alertId: Identifier,
    resolved: Resolved,
  ) => Promise<WebsiteAlert>;
  /** GET mms/api/v1/conversations?project_id=: the website's conversation, or null before its first comment. */
  conversationOf: (projectId: Identifier) => Promise<Conversation | null>;
  /** POST mms/api/v1/conversations: starts the conversation with its first comment; answers its id. */
  startConversation: (
    projectId: Identifier,
    comment: { author: Identifier; authorName: string; content: string },
  ) => Promise<string>;
  /** POST mms/api/v1/conversations/{uid}/reply: answers the new comment's uid. */
  reply: (uid: string, content: string) => Promise<string>;
  /** PUT mms/api/v1/conversations/{uid}/reply/{commentUid} (the author's own comment only). */
  editComment: (uid: string, commentUid: string, content: string) => Promise<ConversationComment>;
}

async function upload(path: string, file: Blob, name: string): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, name);
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { Accept: 'application/json', ...authHeaders() },
      body: form,
    });
  } catch {
    throw new HttpError(GENERIC_ERROR, 0, null);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // a proxy's HTML error page: keep the text
  }
  if (!res.ok) throw toHttpError(res.status, body);
  return body;
}

/** Notifications, website alerts and project conversations (SPEC §7.7, §7.8). */
export const messagingCalls: MessagingCalls = {
  async inbox() {
    const res = await apiFetch<{ data?: InboxItem[]; meta?: { unread?: number } }>(`${NOTIFICATIONS}/me`);
    const items = res.data ?? [];
    return { items, unread: res.meta?.unread ?? items.length };
  },
  async markRead(id, read) {
    await apiFetch(`${NOTIFICATIONS}/${encodeURIComponent(String(id))}/mark-read`, {
      method: 'POST',
      body: { read },
    });
  },
  async markAllRead() {
    await apiFetch(`${NOTIFICATIONS}/mark-all-read`, { method: 'POST' });
  },
  async resolveNotification(id, resolved) {
    const path = `${NOTIFICATIONS}/${encodeURIComponent(String(id))}`;
    const current = await apiFetch<{ data: { version?: number } }>(path);
    await apiFetch(path, { method: 'PUT', body: { resolved, version: current.data?.version } });
  },
  async uploadNotificationImage(file, name) {
    const res = (await upload(`${NOTIFICATIONS}/images`, file, name)) as { data?: { url?: string } } | null;
    return expectId(res?.data?.url);
  },
  async websiteAlerts(websiteId) {
    const res = await apiFetch<{ data?: WebsiteAlert[] }>(websiteAlertsPath(websiteId));
    return res.data ?? [];
  },
  async resolveWebsiteAlert(websiteId, alertId, resolved) {
    const res = await apiFetch<{ data: WebsiteAlert }>(
      `${websiteAlertsPath(websiteId)}/${encodeURIComponent(String(alertId))}`,
      { method: 'PUT', body: { resolved } },
    );
    return res.data;
  },
  async conversationOf(projectId) {
    const res = await apiFetch<{ data?: Conversation[] }>(CONVERSATIONS, {
      query: { project_id: String(projectId) },
    });
    const conversation = res.data?.[0];
    if (!conversation) return null;
    expectId(conversation.id);
    return { ...conversation, comments: conversation.comments ?? [] };
  },
  async startConversation(projectId, comment) {
    const res = await apiFetch<{ id?: string; data?: { id?: string } } | null>(CONVERSATIONS, {
      method: 'POST',
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
    const res = await apiFetch<{ comment_uid?: string; data?: { comment_uid?: string } } | null>(
      `${conversationPath(uid)}/reply`,
      { method: 'POST', body: { createdAt: epochSeconds(), content } },
    );
    return expectId(res?.comment_uid ?? res?.data?.comment_uid);
  },
  async editComment(uid, commentUid, content) {
    const res = await apiFetch<{ data?: ConversationComment } | null>(
      `${conversationPath(uid)}/reply/${encodeURIComponent(commentUid)}`,
      { method: 'PUT', body: { modifiedAt: epochSeconds(), content } },
    );
    return expectId(res?.data);
  },
};
