import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { AppError, conflict } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { isWordPressError } from '../../../integrations/wordpress/index.js';
import { siteClient } from '../wordpress/site-client.js';
import { connectionOf } from '../wordpress/site-repository.js';
import { claimPublish, loadArticle, releasePublish, savePublished } from './content-repository.js';
import { contentProviders } from './providers.js';
import { generationKicker, startGeneration } from './queue.js';

/** Regenerate, publish to WordPress, and the generators' state; new articles start being written at once. */
export function registerContentActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  const kick = generationKicker(deps, app.log);
  engine.onCommit((table) => (table === model.table ? kick() : undefined));

  registerAction(app, actions.content.regenerateContent, {
    // Each regeneration spends tokens at the generator.
    perMinute: 30,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const record = await engine.getOne(ctx, model, id);
      const providers = Object.values(contentProviders(deps.integrations));
      const provider = providers.find((p) => p.formType === record.form_type);
      if (provider?.unavailable) throw conflict(provider.unavailable);
      const { runId } = await startGeneration(deps, [id], {
        trigger: 'console',
        userId: ctx.user?.id ?? null,
      });
      if (runId === null)
        throw conflict('This article is being written now; wait until its run has finished');
      await engine.changed(model);
      await ctx.audit('content.regenerate', `${model.name}/${id}`, { cron_run_id: runId });
      const name = String(record.title ?? record.topic ?? `article ${id}`);
      return { message: `Regenerating "${name}": cron run #${runId} is writing it`, cron_id: runId };
    },
  });

  registerAction(app, actions.content.publishContent, {
    perMinute: 30,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const article = await loadArticle(deps.db, id);
      if (!article) throw conflict('The article was deleted');
      if (article.wp_post_id !== null)
        throw conflict(
          `Already sent to WordPress as draft post #${article.wp_post_id} (${article.wp_post_url ?? ''})`,
        );
      if (!article.ready || !article.html || !article.title)
        throw conflict('The article is not written yet: wait for its generation (or Regenerate it)');
      if (article.website_id === null) throw conflict('Choose the website this article is for first (Edit)');
      const conn = await connectionOf(deps.db, article.website_id);
      if (!conn)
        throw conflict(
          `${article.hostname ?? 'The website'} has no WordPress connection: connect it on its Wordpress tab`,
        );
      // A connection without a stored password (the demo portfolio's) is never contacted.
      if (!conn.application_password)
        throw conflict(
          `${conn.hostname}: no application password is stored for this connection (demo data): connect the site on its Wordpress tab`,
        );
      if (!(await claimPublish(deps.db, id)))
        throw conflict('The article is being sent to WordPress already, or was sent a moment ago');
      let post;
      try {
        post = await siteClient(deps, conn).createPost({
          title: article.title,
          content: article.html,
          excerpt: article.excerpt ?? '',
          status: 'draft',
        });
      } catch (err) {
        await releasePublish(deps.db, id);
        throw isWordPressError(err) ? new AppError('bad_gateway', err.message) : err;
      }
      await savePublished(deps.db, id, { id: post.id, link: post.link });
      await engine.changed(model);
      await ctx.audit('content.publish', `${model.name}/${id}`, {
        website_id: article.website_id,
        post_id: post.id,
      });
      return {
        message: `Sent to ${conn.hostname} as draft post #${post.id}`,
        data: { post_id: post.id, link: post.link, status: post.status, website_id: article.website_id },
      };
    },
  });

  registerAction(app, actions.content.contentGenerators, {
    handler: () => {
      const providers = Object.values(contentProviders(deps.integrations)).map((p) => ({
        form_type: p.formType,
        name: p.name,
        available: p.unavailable === null,
        detail: p.unavailable ?? p.detail,
      }));
      const setup = deps.integrations.openai;
      return Promise.resolve({
        data: {
          providers,
          model: setup?.client.model ?? null,
          endpoint: setup?.client.endpointHost ?? null,
          price: setup?.price ?? null,
        },
      });
    },
  });
}
