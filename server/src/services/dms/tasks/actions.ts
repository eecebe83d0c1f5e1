import {
  actions,
  isArchivable,
  isTransitionAllowed,
  refusedTransitionMessage,
  TASK_STATUS_LABELS,
  type TaskMoved,
  type TaskStatus,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { conflict, invalid, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { addHistory, historyOf, lockTask, moveTask } from './task-repository.js';

interface Move {
  id: number;
  from: TaskStatus;
  to: TaskStatus;
  comment: string | undefined;
  /** The workflow's step, or the archive permission's "archive whatever the status". */
  via: 'transition' | 'archive';
}

/** Why the move is refused, or null: the workflow's rule, or "already archived" for the archive route. */
function refusal(move: Move): string | null {
  if (move.via === 'archive') return isArchivable(move.from) ? null : 'The task is already Archived';
  return isTransitionAllowed(move.from, move.to) ? null : refusedTransitionMessage(move.from, move.to);
}

/**
 * One move, in one transaction: the task locked under the access rule (404 otherwise), the status the caller
 * saw checked against the stored one (409 when someone moved it meanwhile, so a move is never applied twice
 * or to a status nobody looked at), the rule checked (422 naming the allowed statuses), then the new status
 * and its history row. Picking up a task nobody has makes the one who picks it its assignee.
 */
async function applyMove(
  deps: AppDeps,
  model: ResourceModel,
  ctx: RequestContext,
  move: Move,
): Promise<TaskMoved> {
  const moved = await ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, move.id, deps.engine.visibleIds(ctx, model));
    if (!task) throw notFoundRecord(model.spec.label, move.id);
    if (task.status !== move.from) {
      throw conflict(
        `This task is ${TASK_STATUS_LABELS[task.status]} now, not ${TASK_STATUS_LABELS[move.from]}: someone moved it meanwhile. Reload it and move it again if you still want to.`,
      );
    }
    const refused = refusal(move);
    if (refused) throw invalid({ to: refused }, refused);
    const pickUp =
      move.to === 'IN_PROGRESS' && task.assignee_id === null && ctx.user ? ctx.user.id : undefined;
    const result = await moveTask(tx, move.id, move.to, pickUp);
    await addHistory(tx, {
      taskId: move.id,
      from: move.from,
      to: move.to,
      userId: ctx.user?.id ?? null,
      comment: move.comment?.trim() || null,
    });
    return result;
  });
  await deps.engine.changed(model);
  await ctx.audit(`task.${move.via}`, `tasks/${move.id}`, { from: move.from, to: move.to });
  return moved;
}

export function registerTaskActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.tasks.transitionTask, {
    handler: async ({ params, body, ctx }) => ({
      data: await applyMove(deps, model, ctx, {
        id: Number(params.id),
        from: body.from,
        to: body.to,
        comment: body.comment,
        via: 'transition',
      }),
    }),
  });
  registerAction(app, actions.tasks.archiveTask, {
    handler: async ({ params, body, ctx }) => ({
      data: await applyMove(deps, model, ctx, {
        id: Number(params.id),
        from: body.from,
        to: 'ARCHIVED',
        comment: body.comment,
        via: 'archive',
      }),
    }),
  });
  registerAction(app, actions.tasks.taskHistory, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await deps.engine.getOne(ctx, model, id);
      return { data: await historyOf(ctx.db, id) };
    },
  });
}
