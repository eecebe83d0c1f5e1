import { randomBytes } from 'node:crypto';
import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { AppError, conflict, forbidden, invalid } from '../../../core/errors.js';
import { sql } from '../../../core/sql.js';
import type { AppDeps } from '../../../deps.js';
import {
  createWordPressClient,
  isWordPressError,
  mintSsoToken,
  ssoUserLogin,
  type WordPressError,
} from '../../../integrations/wordpress/index.js';
import { runStarted } from '../../../jobs/artisan.js';
import type { JsonObject } from '../../../jobs/types.js';
import { receiveImage, withUploads } from '../../nms/image-uploads.js';
import { prepareImage } from '../../nms/images.js';
import { SITE_ACTION_COMMANDS } from './commands.js';
import { PASSWORD_CONTEXT, siteClient } from './site-client.js';
import { connectionOf, saveConnection, saveGenerator, saveSsoKey } from './site-repository.js';
import { currentSsoKey } from './sso-keys.js';
import { staffName } from './staff-repository.js';

/** Calls that reach a WordPress site: a few a minute per client each. */
const PER_MINUTE = 30;

/** A site's failure as the API answers it: a 502 naming the site and the reason. */
const upstream = (err: WordPressError) => new AppError('bad_gateway', err.message);

async function rethrowSite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isWordPressError(err) ? upstream(err) : err;
  }
}

export function registerWordpress(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('dms')) return;
  const { engine } = deps;
  const websites = engine.model(resources.websites.name);
  const wpSites = engine.model(resources.wpSites.name);

  /** The website under the user's access rule, and its connection (a 409 when it has none). */
  async function connected(ctx: RequestContext, websiteId: number) {
    const website = await engine.getOne(ctx, websites, websiteId);
    const conn = await connectionOf(deps.db, websiteId);
    if (!conn)
      throw conflict(
        `${String(website.hostname)} has no WordPress connection: connect it on its Wordpress tab`,
      );
    // A connection without a stored password (the demo portfolio's) is never contacted.
    if (!conn.application_password)
      throw conflict(
        `${conn.hostname}: no application password is stored for this connection (demo data): connect the site on its Wordpress tab`,
      );
    return { website, conn };
  }

  async function start(ctx: RequestContext, command: string, args: JsonObject): Promise<number> {
    const id = await deps.jobs.startRun('dms', command, args, {
      trigger: 'console',
      userId: ctx.user?.id ?? null,
    });
    await ctx.audit('command.run', `dms:${command}`, { cron_run_id: id });
    return id;
  }

  registerAction(app, actions.wordpress.runSiteAction, {
    perMinute: PER_MINUTE,
    handler: async ({ params, ctx }) => {
      const { website } = await connected(ctx, Number(params.id));
      const id = await start(ctx, SITE_ACTION_COMMANDS[params.action]!, { website_ids: params.id });
      return {
        success: true,
        message: `${actions.wordpress.WORDPRESS_SITE_ACTION_LABELS[params.action]} started for ${String(website.hostname)}`,
        cron: { id },
      };
    },
  });

  registerAction(app, actions.wordpress.updateGenerator, {
    perMinute: PER_MINUTE,
    handler: async ({ params, query, ctx, reply }) => {
      const { conn } = await connected(ctx, Number(params.id));
      const { generator, real } = await rethrowSite(async () => {
        const client = siteClient(deps, conn);
        const set = await client.setGenerator(query.version);
        const status = await client.companionStatus();
        return { generator: set, real: status.core.version };
      });
      await deps.db.transaction((tx) => saveGenerator(tx, conn.website_id, generator.public));
      await engine.changed(wpSites);
      await ctx.audit('wordpress.generator', `websites/${conn.website_id}`, {
        version: query.version || null,
      });
      void reply.type('text/plain; charset=utf-8');
      return [
        generator.override
          ? `The generator now shows WordPress ${generator.public}`
          : `The generator override was removed: it shows WordPress ${generator.public}`,
        `Real WordPress version (read from the companion): ${real}`,
        '',
      ].join('\n');
    },
  });

  app.register(
    withUploads(async (scope) => {
      registerAction(scope, actions.wordpress.insertMedia, {
        perMinute: PER_MINUTE,
        handler: async ({ params, request, ctx }) => {
          const { conn } = await connected(ctx, Number(params.id));
          const { file, bytes } = await receiveImage(request, 'file1');
          const image = await prepareImage(bytes, file.filename);
          if ('error' in image) throw invalid({ file1: image.error }, image.error);
          const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
          const media = await rethrowSite(() =>
            siteClient(deps, conn).uploadMedia({
              data: image.bytes,
              filename: name,
              contentType: image.contentType,
            }),
          );
          await ctx.audit('wordpress.media', `websites/${conn.website_id}`, {
            url: media.sourceUrl,
            size: image.bytes.length,
          });
          return { status: media.sourceUrl };
        },
      });
    }),
  );

  registerAction(app, actions.wordpress.connectSite, {
    perMinute: PER_MINUTE,
    handler: async ({ params, body, ctx }) => {
      const websiteId = Number(params.id);
      await engine.getOne(ctx, websites, websiteId);
      const url = siteAddress(body.url);
      const password = body.application_password.trim();
      const client = createWordPressClient(
        { url, username: body.username.trim(), applicationPassword: password },
        { fetch: deps.integrations.safeFetch, timeoutMs: deps.config.wordpressTimeoutMs },
      );
      const found = await verifySite(() =>
        client.discover().then(async (d) => ({ d, user: await client.verify() })),
      );
      let ssoKeyId: string | null = null;
      if (found.d.companion) {
        const key = await currentSsoKey(deps.db, deps.secrets);
        await rethrowSite(() =>
          client.installSsoKey({ keyId: key.kid, publicKey: key.publicKey, siteId: String(websiteId) }),
        );
        ssoKeyId = key.kid;
      }
      await deps.db.transaction((tx) =>
        saveConnection(tx, {
          websiteId,
          url: client.siteUrl,
          username: body.username.trim(),
          sealedPassword: deps.secrets.seal(password, PASSWORD_CONTEXT),
          apiRoot: found.d.apiRoot,
          companion: found.d.companion,
          companionVersion: null,
          ssoKeyId,
        }),
      );
      await engine.changed(wpSites);
      await ctx.audit('wordpress.connect', `websites/${websiteId}`, {
        url: client.siteUrl,
        user: body.username.trim(),
        companion: found.d.companion,
      });
      // The first status read follows at once, as a run of its own.
      await start(ctx, 'wordpress:sync', { website_ids: String(websiteId) });
      const [record] = await engine
        .list(
          ctx,
          wpSites,
          { sortBy: 'id', sortOrder: 'ASC', page: 1, perPage: 1, filter: {} },
          { where: sql`t.website_id = ${websiteId}` },
        )
        .then((r) => r.data);
      return { data: { ...record!, id: Number(record!.id), website_id: websiteId } };
    },
  });

  registerAction(app, actions.wordpress.adminLogin, {
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const websiteId = Number(params.id);
      const { website, conn } = await connected(ctx, websiteId);
      const user = ctx.user!;
      const privileged = user.isAdmin || user.roleNames.includes('IT') || user.roleNames.includes('ADMIN');
      const refuse = async (reason: string, message: string) => {
        await ctx.audit('wordpress.admin-login.refused', `websites/${websiteId}`, { reason });
        return forbidden(message);
      };
      if (website.type === 'THIRD_PARTY' && !privileged)
        throw await refuse('third_party', 'Only IT and ADMIN may log in to a third-party site');
      if (!conn.companion)
        throw await refuse(
          'companion_missing',
          `${conn.hostname}: one-click login needs the Sitefleet companion plugin`,
        );
      const key = await currentSsoKey(deps.db, deps.secrets);
      const client = await rethrowSite(async () => siteClient(deps, conn));
      if (conn.sso_key_id !== key.kid) {
        await rethrowSite(() =>
          client.installSsoKey({ keyId: key.kid, publicKey: key.publicKey, siteId: String(websiteId) }),
        );
        await deps.db.transaction((tx) => saveSsoKey(tx, websiteId, key.kid));
      }
      const { token, payload } = mintSsoToken({
        keyId: key.kid,
        siteId: String(websiteId),
        audience: conn.url,
        staff: {
          id: user.id,
          email: user.email,
          name: await staffName(deps.db, user.id),
          role: privileged ? 'administrator' : 'editor',
        },
        privateKeyPem: key.privateKeyPem,
      });
      await ctx.audit('wordpress.admin-login', `websites/${websiteId}`, {
        user_login: payload.sub,
        jti: payload.jti,
        expires_at: payload.exp,
      });
      return {
        data: {
          url: client.ssoLoginUrl(),
          token,
          expires_at: payload.exp,
          user_login: ssoUserLogin(user.id),
        },
      };
    },
  });

  registerAction(app, actions.wordpress.syncFleet, {
    perMinute: PER_MINUTE,
    handler: async ({ body, ctx }) => {
      let ids = body.ids;
      if (!ids) {
        // Every website of the filtered list (under the user's access rule) that has a connection.
        const list = await engine.list(
          ctx,
          websites,
          { sortBy: 'id', sortOrder: 'ASC', page: 1, perPage: 10_000, filter: body.filter ?? {} },
          { where: sql`EXISTS (SELECT 1 FROM wp_sites s WHERE s.website_id = t.id)` },
        );
        ids = list.data.map((r) => Number(r.id));
      } else {
        const visible = await engine.getMany(ctx, websites, ids);
        if (visible.length !== new Set(ids).size) throw invalid({ ids: 'Some websites do not exist' });
      }
      if (!ids.length) throw invalid({ ids: 'None of these websites has a WordPress connection' });
      return runStarted(await start(ctx, 'wordpress:sync', { website_ids: ids.join(',') }));
    },
  });
}

/** The site's address as typed: https:// when no scheme, no query or fragment, a trailing slash. */
function siteAddress(input: string): string {
  const raw = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid({ url: 'Must be a url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid({ url: 'Must be an http or https url' });
  if (url.username || url.password) throw invalid({ url: 'Put the user and password in their own fields' });
  url.search = '';
  url.hash = '';
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Runs the connect checks; a site's refusal becomes a field error on the input that caused it. */
async function verifySite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isWordPressError(err)) throw err;
    const field = err.kind === 'auth' ? (err.status === 200 ? 'username' : 'application_password') : 'url';
    throw invalid({ [field]: err.message }, err.message);
  }
}
