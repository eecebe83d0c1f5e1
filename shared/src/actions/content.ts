/** AI content's own calls (SPEC §7.5, §8): regenerate an article, send it to WordPress, the generators. */
import { Type, type Static } from 'typebox';
import { CONTENT_FORM_TYPES } from '../resources/content.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

/**
 * GET /open-ai-content/regenerate/{id} (SPEC §7.5): queues the article for a new generation (a cron run) and
 * answers a message the console shows as 'Response: {message}'.
 */
export const regenerateContent = defineAction({
  method: 'GET',
  path: 'dms/api/v1/open-ai-content/regenerate/:id',
  service: 'dms',
  summary: 'Write the article again from its brief (a cron run); the answer says which run',
  access: 'permission',
  // It spends tokens at the generator: the read-only role does not hold it.
  kind: 'action',
  params: IdParams,
  response: Type.Object({ message: Type.String(), cron_id: Type.Integer() }),
});

/** What WordPress stored for an article sent to it. */
export const PublishedDraft = Type.Object({
  post_id: Type.Integer(),
  /** The draft's address on the site (a preview link while it is a draft). */
  link: Type.String(),
  status: Type.String(),
  website_id: Type.Integer(),
});
export type PublishedDraft = Static<typeof PublishedDraft>;

/** POST /open-ai-content/{id}/publish: the article as a draft post on its website (WordPress REST). */
export const publishContent = defineAction({
  method: 'POST',
  path: 'dms/api/v1/open-ai-content/:id/publish',
  service: 'dms',
  summary: "Send a ready article to its website's WordPress as a draft post (once)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: Type.Object({ message: Type.String(), data: PublishedDraft }),
});

/** One generator slot (a form type) and whether it can write now. */
export const ContentProvider = Type.Object({
  form_type: Type.Enum(CONTENT_FORM_TYPES),
  name: Type.String(),
  available: Type.Boolean(),
  /** What it is or why it cannot write (not configured; no public API). */
  detail: Type.String(),
});
export type ContentProvider = Static<typeof ContentProvider>;

/** GET /open-ai-content/generators: the generator slots, the model and its price (never a key). */
export const contentGenerators = defineAction({
  method: 'GET',
  path: 'dms/api/v1/open-ai-content/generators',
  service: 'dms',
  summary: 'The article generators: which can write, the configured model, its endpoint host and price',
  access: 'permission',
  permissionAs: { method: 'GET', path: 'dms/api/v1/open-ai-content' },
  response: Data(
    Type.Object({
      providers: Type.Array(ContentProvider),
      model: Nullable(Type.String()),
      /** The host the OpenAI-compatible client talks to. */
      endpoint: Nullable(Type.String()),
      /** USD per million tokens, when a price is configured for the model. */
      price: Nullable(Type.Object({ input: Type.Number(), output: Type.Number() })),
    }),
  ),
});
