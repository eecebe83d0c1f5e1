import { Type, type Static } from 'typebox';
import { PLUGIN_OPERATIONS } from '../resources/wordpress.js';
import { Data, defineAction, IdParam, IdParams, RunStarted } from './define.js';

/** The 'update WP data' actions of a website (SPEC §7.6), each a command with a cron run. */
export const WORDPRESS_SITE_ACTIONS = [
  'update-status',
  'update-sitemap',
  'update-statistics',
  'refresh-outbound-links',
  'update-posts',
  'update-core',
] as const;
export type WordpressSiteAction = (typeof WORDPRESS_SITE_ACTIONS)[number];

/** What each action does, as the console's menu and the run's description say it. */
export const WORDPRESS_SITE_ACTION_LABELS: Record<WordpressSiteAction, string> = {
  'update-status': 'Update status (versions, updates, theme)',
  'update-sitemap': 'Update sitemap',
  'update-statistics': 'Update statistics (words, outbound links)',
  'refresh-outbound-links': 'Refresh outbound links',
  'update-posts': 'Update posts',
  'update-core': 'Update WordPress core (safe update)',
};

/** A generator version as the fake generator accepts it: digits and dots, like 6.4 or 5.9.3. */
export const GENERATOR_VERSION_PATTERN = '^[0-9]{1,2}(\\.[0-9]{1,3}){1,2}$';

/** SPEC §7.6: `{success, message, cron: {id}}`; failures answer the error envelope (`error.message`). */
export const WordpressActionResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  cron: Type.Object({ id: Type.Integer() }),
});
export type WordpressActionResult = Static<typeof WordpressActionResult>;

/** GET /wordpress/{id}/{action}: starts one of the website's WordPress actions as a cron run. */
export const runSiteAction = defineAction({
  method: 'GET',
  path: 'dms/api/v1/wordpress/:id/:action',
  service: 'dms',
  summary:
    'Run a WordPress action on one website (a cron run): status, sitemap, statistics, links, posts, core',
  access: 'permission',
  kind: 'action',
  params: Type.Object({
    id: IdParam,
    action: Type.Enum(WORDPRESS_SITE_ACTIONS),
  }),
  response: WordpressActionResult,
});

/** GET /wordpress/{id}/update-the-generator?version=: the fake generator (SPEC §5); answers text lines. */
export const updateGenerator = defineAction({
  method: 'GET',
  path: 'dms/api/v1/wordpress/:id/update-the-generator',
  service: 'dms',
  summary: 'Set the WordPress version the site shows publicly (its generator); an empty version removes it',
  access: 'permission',
  kind: 'action',
  params: IdParams,
  query: Type.Object(
    { version: Type.Union([Type.Literal(''), Type.String({ pattern: GENERATOR_VERSION_PATTERN })]) },
    { additionalProperties: false },
  ),
  produces: 'text/plain',
  response: Type.String(),
});

/** POST /wordpress/{websiteId}/insert-media (multipart `file1`): uploads an image to the site's media. */
export const insertMedia = defineAction({
  method: 'POST',
  path: 'dms/api/v1/wordpress/:id/insert-media',
  service: 'dms',
  summary: "Upload an image (gif, jpeg, png, svg) to the website's WordPress media library; answers its link",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  consumes: ['multipart/form-data'],
  response: Type.Object({ status: Type.String() }),
});

export const ConnectBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    username: Type.String({ minLength: 1, maxLength: 60 }),
    application_password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ConnectBody = Static<typeof ConnectBody>;

/** The connection as the Wordpress tab shows it (the wp-sites record, secret masked). */
const Connection = Type.Object(
  { id: Type.Integer(), website_id: Type.Integer() },
  { additionalProperties: true },
);

/** POST /wordpress/{id}/connect: verifies the credentials against the site, then stores them sealed. */
export const connectSite = defineAction({
  method: 'POST',
  path: 'dms/api/v1/wordpress/:id/connect',
  service: 'dms',
  summary: "Connect a website's WordPress (URL, user, application password): verified before it is saved",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  body: ConnectBody,
  response: Data(Connection),
});

/** POST /wordpress/{id}/admin-login: a one-time, 60-second login token for the site's wp-admin. */
export const adminLogin = defineAction({
  method: 'POST',
  path: 'dms/api/v1/wordpress/:id/admin-login',
  service: 'dms',
  summary: "A one-time login (valid 60 s) to the website's wp-admin as the staff member's own WordPress user",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: Data(
    Type.Object({
      url: Type.String(),
      token: Type.String(),
      expires_at: Type.Integer(),
      user_login: Type.String(),
    }),
  ),
});

export const SyncBody = Type.Object(
  {
    /** Websites to sync; without ids, every connected website the filter selects. */
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })),
    /** A websites list filter (the list's `filter` parameter). */
    filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

/** POST /wordpress/sync: the fleet sync of the chosen (or filtered) websites, one unit per site. */
export const syncFleet = defineAction({
  method: 'POST',
  path: 'dms/api/v1/wordpress/sync',
  service: 'dms',
  summary: 'Sync status, plugins, themes, users and posts of the chosen or filtered websites (a cron run)',
  access: 'permission',
  kind: 'action',
  body: SyncBody,
  response: RunStarted,
});

/** POST /plugins/{id}/merge?ids=: the named plugins become this one (installs move; all or nothing). */
export const mergePlugins = defineAction({
  method: 'POST',
  path: 'dms/api/v1/plugins/:id/merge',
  service: 'dms',
  summary:
    'Merge the plugins named in ids into this one (installs move, the others are deleted; all or nothing)',
  access: 'permission',
  params: IdParams,
  query: Type.Object(
    { ids: Type.String({ pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,4999}$' }) },
    { additionalProperties: false },
  ),
  response: Type.Object({
    data: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
    meta: Type.Object({ moved_installs: Type.Integer() }),
  }),
});

export const PluginBulkBody = Type.Object(
  {
    operation: Type.Enum(PLUGIN_OPERATIONS),
    website_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 5000 }),
  },
  { additionalProperties: false },
);
export type PluginBulkBody = Static<typeof PluginBulkBody>;

/** POST /plugins/{id}/bulk: install, activate, deactivate, update or delete the plugin on chosen sites. */
export const pluginBulk = defineAction({
  method: 'POST',
  path: 'dms/api/v1/plugins/:id/bulk',
  service: 'dms',
  summary:
    'Install, activate, deactivate, update (safely) or delete the plugin on the chosen websites (a cron run)',
  access: 'permission',
  kind: 'action',
  params: IdParams,
  body: PluginBulkBody,
  response: RunStarted,
});
