import { Type, type Static } from 'typebox';
import { NOTIFICATION_TYPES } from '../constants.js';
import { UPLOADS_PATH } from '../rich-text.js';
import { Data, defineAction, IdParam, IdParams, Nullable } from './define.js';

/** POST /notifications/images (multipart `file`): an image for a notification message; answers its URL. */
export const uploadImage = defineAction({
  method: 'POST',
  path: 'nms/api/v1/notifications/images',
  service: 'nms',
  summary: 'Upload an image (gif, jpeg, png or svg) for a notification message; answers its URL',
  access: 'permission',
  consumes: ['multipart/form-data'],
  status: 201,
  response: Data(Type.Object({ url: Type.String() })),
});

/** GET /nms/uploads/{token}: an uploaded image, public like any image on a page (the token is the capability). */
export const image = defineAction({
  method: 'GET',
  path: `${UPLOADS_PATH.slice(1)}:token`,
  service: 'nms',
  summary: 'An uploaded notification image',
  access: 'public',
  params: Type.Object({ token: Type.String({ pattern: '^[0-9a-f]{32}\\.(gif|jpg|png|svg)$' }) }),
  produces: 'image/*',
  response: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
});

/** What every answer about a notification carries (the inbox and a website's alerts add their own). */
const notificationProperties = {
  id: Type.Integer(),
  title: Type.String(),
  /** HTML, sanitised by the server. */
  message: Type.String(),
  // Enum, not a union of mapped literals: the latter's static type is never.
  type: Type.Enum(NOTIFICATION_TYPES),
  link: Nullable(Type.String()),
  importance: Nullable(Type.String()),
  resolved: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  /** Epoch seconds. */
  created_at: Type.Integer(),
};

/** One entry of the bell drawer (SPEC §3, §4): `read` is the signed-in user's. */
export const InboxItem = Type.Object({
  ...notificationProperties,
  user_id: Nullable(Type.Integer()),
  recipients: Nullable(Type.Integer()),
  website_id: Nullable(Type.Integer()),
  website: Nullable(Type.Object({ id: Type.Integer(), hostname: Type.String() })),
  read: Type.Union([Type.Literal(0), Type.Literal(1)]),
  created_by: Nullable(Type.Integer()),
  created_by_name: Nullable(Type.String()),
});
export type InboxItem = Static<typeof InboxItem>;

/** GET /notifications/me: what the bell shows, newest first, and how many of all of them are unread. */
export const inbox = defineAction({
  method: 'GET',
  path: 'nms/api/v1/notifications/me',
  service: 'nms',
  summary: "The signed-in user's notifications and alerts, newest first, with their read state",
  access: 'user',
  response: Type.Object({ data: Type.Array(InboxItem), meta: Type.Object({ unread: Type.Integer() }) }),
});

/** POST /notifications/{id}/mark-read: read 1 or unread 0, for the signed-in user, of a notification they can read. */
export const markRead = defineAction({
  method: 'POST',
  path: 'nms/api/v1/notifications/:id/mark-read',
  service: 'nms',
  summary: 'Mark one notification read (read 1) or unread (read 0) for the signed-in user',
  access: 'user',
  params: IdParams,
  body: Type.Object(
    { read: Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()]) },
    { additionalProperties: false },
  ),
  response: Data(Type.Object({ id: Type.Integer(), read: Type.Union([Type.Literal(0), Type.Literal(1)]) })),
});

/** POST /notifications/mark-all-read: everything in the signed-in user's inbox. */
export const markAllRead = defineAction({
  method: 'POST',
  path: 'nms/api/v1/notifications/mark-all-read',
  service: 'nms',
  summary: 'Mark every notification in the signed-in user’s inbox as read',
  access: 'user',
  response: Data(Type.Object({ marked: Type.Integer() })),
});

/** A website's alert (SPEC §7.7); `version` is what resolving it sends back. */
export const WebsiteAlert = Type.Object({
  ...notificationProperties,
  data: Nullable(Type.Record(Type.String(), Type.Unknown())),
  updated_at: Type.Integer(),
  version: Type.Integer(),
});
export type WebsiteAlert = Static<typeof WebsiteAlert>;

const WebsiteAlertParams = Type.Object({ id: IdParam, notificationId: IdParam });

/** GET /websites/{id}/notifications: the website's alerts the user may read, newest first. */
export const websiteAlerts = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/:id/notifications',
  service: 'dms',
  summary: "A website's alerts, newest first",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Array(WebsiteAlert)),
});

/** PUT /websites/{id}/notifications/{notificationId}: resolve (yes) or reopen (no); a stale version is a 409. */
export const resolveWebsiteAlert = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/websites/:id/notifications/:notificationId',
  service: 'dms',
  summary:
    'Resolve (yes) or reopen (no) one of the website’s alerts (send the version you read; a stale one is refused with 409)',
  access: 'permission',
  params: WebsiteAlertParams,
  body: Type.Object(
    {
      resolved: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
      version: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
  ),
  response: Data(WebsiteAlert),
});
