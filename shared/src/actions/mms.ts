import { Type, type Static } from 'typebox';
import { Data, defineAction, IdParam, Nullable } from './define.js';

/** An object id (SPEC §3: 24 hex characters, the first 8 a timestamp in seconds). */
const ObjectId = Type.String({ pattern: '^[0-9a-f]{24}$' });
const Content = Type.String({ maxLength: 20_000 });

/** One comment of a project's conversation (SPEC §3 Conversation). */
export const ConversationComment = Type.Object({
  uid: Type.String(),
  /** The author's user id. */
  author: Nullable(Type.Integer()),
  authorName: Type.String(),
  /** Epoch seconds. */
  createdAt: Type.Integer(),
  modifiedAt: Nullable(Type.Integer()),
  /** HTML, sanitised by the server. */
  content: Type.String(),
});
export type ConversationComment = Static<typeof ConversationComment>;

export const Conversation = Type.Object({
  id: Type.String(),
  project_id: Type.Integer(),
  comments: Type.Array(ConversationComment),
});
export type Conversation = Static<typeof Conversation>;

const UidParams = Type.Object({ uid: ObjectId });
const CommentParams = Type.Object({ uid: ObjectId, commentUid: ObjectId });

/** GET /conversations?project_id=: the website's conversation (0 or 1). */
export const conversationOf = defineAction({
  method: 'GET',
  path: 'mms/api/v1/conversations',
  service: 'mms',
  summary: "A project's conversation (0 or 1), by project_id",
  access: 'permission',
  query: Type.Object({ project_id: IdParam }),
  response: Data(Type.Array(Conversation)),
});

/** POST /conversations: starts a project's conversation with its first comment. */
export const startConversation = defineAction({
  method: 'POST',
  path: 'mms/api/v1/conversations',
  service: 'mms',
  summary: "Start a project's conversation with its first comment; answers the conversation's id",
  access: 'permission',
  body: Type.Object(
    {
      // maximum: a larger number reaches PostgreSQL as out of range for bigint (a 500, not a 422).
      project_id: Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), IdParam]),
      comments: Type.Array(
        Type.Object(
          {
            // What the console sends (SPEC §7.8); the server takes the author from the session.
            author: Type.Optional(Type.Unknown()),
            authorName: Type.Optional(Type.Unknown()),
            createdAt: Type.Optional(Type.Unknown()),
            content: Content,
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1 },
      ),
    },
    { additionalProperties: false },
  ),
  status: 201,
  response: Type.Object({
    id: Type.String(),
    data: Type.Object({ id: Type.String(), comment_uid: Type.String() }),
  }),
});

/** GET /conversations/{uid}: a conversation with its comments, oldest first. */
export const conversation = defineAction({
  method: 'GET',
  path: 'mms/api/v1/conversations/:uid',
  service: 'mms',
  summary: 'A conversation with its comments, oldest first',
  access: 'permission',
  params: UidParams,
  response: Data(Conversation),
});

/** POST /conversations/{uid}/reply: adds a comment. */
export const reply = defineAction({
  method: 'POST',
  path: 'mms/api/v1/conversations/:uid/reply',
  service: 'mms',
  summary: 'Add a comment to a conversation; answers comment_uid',
  access: 'permission',
  params: UidParams,
  body: Type.Object(
    { createdAt: Type.Optional(Type.Unknown()), content: Content },
    { additionalProperties: false },
  ),
  status: 201,
  response: Type.Object({
    comment_uid: Type.String(),
    data: Type.Object({ comment_uid: Type.String() }),
  }),
});

/** PUT /conversations/{uid}/reply/{commentUid}: the author edits their own comment. */
export const editComment = defineAction({
  method: 'PUT',
  path: 'mms/api/v1/conversations/:uid/reply/:commentUid',
  service: 'mms',
  summary: 'Edit your own comment (modifiedAt is set by the server)',
  access: 'permission',
  params: CommentParams,
  body: Type.Object(
    { modifiedAt: Type.Optional(Type.Unknown()), content: Content },
    { additionalProperties: false },
  ),
  response: Data(ConversationComment),
});
