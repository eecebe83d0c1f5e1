import { createHash } from 'node:crypto';
import { actions, type ActionBody } from '@sitefleet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { AuthUser } from '../../core/context.js';
import { writeAudit } from '../../core/audit.js';
import { AppError, invalid } from '../../core/errors.js';
import { epochNow } from '../../core/time.js';
import type { AppDeps } from '../../deps.js';
import { GoogleTokenError } from '../../integrations/google/id-token.js';
import { dummyHash, verifyPassword } from './passwords.js';
import {
  confirmedWithin,
  dropStepUpsOlderThan,
  recordStepUp,
  stepUpCredentials,
} from './step-up-repository.js';
import { clearAttempts, refundAttempt, reserveAttempts, reserveOrRefuse, retryAfter } from './throttle.js';

/** How long a confirmed password lets its session reveal secrets. */
export const STEP_UP_SECONDS = actions.ums.STEP_UP_SECONDS;
/** Reveals per user per window, whatever the resource: enough to work, too few to empty the vault. */
export const REVEAL_LIMIT = 30;
export const REVEAL_WINDOW_SECONDS = 600;

/** The session a step-up belongs to: a hash of the bearer token, so no other token shares it. */
function sessionKey(request: FastifyRequest): string {
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  return createHash('sha256').update(bearer).digest('hex');
}

/**
 * Runs before every reveal route, after its permission was checked: the session must have confirmed its
 * password within STEP_UP_SECONDS (401 step_up_required), and the user stays within REVEAL_LIMIT (429).
 */
export async function guardReveal(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
): Promise<void> {
  const fresh = await confirmedWithin(deps.db, sessionKey(request), user.id, STEP_UP_SECONDS);
  if (!fresh) {
    throw new AppError(
      'step_up_required',
      'Confirm your password to reveal secrets: a reveal needs a confirmation from the last 5 minutes',
    );
  }
  const key = `reveal:${user.id}`;
  const [used] = await reserveAttempts(deps.db, [key], REVEAL_WINDOW_SECONDS);
  if (used! > REVEAL_LIMIT) {
    await writeAudit(deps.db, { actorId: user.id, action: 'reveal_throttled', target: null, ip: request.ip });
    const wait = await retryAfter(deps.db, key, REVEAL_WINDOW_SECONDS);
    reply.header('retry-after', String(wait));
    throw new AppError('too_many_requests', `Too many secrets revealed; try again in ${wait} s`);
  }
}

/**
 * A confirmation that does not match is a 422 on its field, not a 401: the session itself is still good,
 * and the console would end it on a 401.
 */
const refused = (field: string, message: string) => invalid({ [field]: message }, message);

/** Confirms the user's password (or a fresh Google sign-in). */
async function confirm(deps: AppDeps, userId: number, body: StepUpBody): Promise<void> {
  const u = await stepUpCredentials(deps.db, userId);
  if (body.password !== undefined) {
    const ok = await verifyPassword(u?.password_hash ?? (await dummyHash()), body.password);
    if (!ok || !u?.password_hash) throw refused('password', 'Password confirmation failed');
    return;
  }
  if (!deps.google) throw refused('id_token', 'Google sign-in is not configured');
  try {
    const g = await deps.google.verify(body.id_token!);
    if (!u || g.iss !== u.google_iss || g.sub !== u.google_id)
      throw refused('id_token', 'This Google account is not the one signed in');
    if (!g.issuedAt || epochNow() - g.issuedAt > STEP_UP_SECONDS) {
      throw refused('id_token', 'Sign in with Google again: the confirmation must be a fresh sign-in');
    }
  } catch (err) {
    if (err instanceof GoogleTokenError) throw refused('id_token', err.message);
    throw err;
  }
}

type StepUpBody = ActionBody<typeof actions.ums.stepUp>;

/** POST /ums/auth/step-up: confirms the signed-in user again before secrets can be revealed. */
export function registerStepUp(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  registerAction(app, actions.ums.stepUp, {
    handler: async ({ body, ctx, request, reply }) => {
      const user = ctx.user!;
      const acctKey = `stepup:${user.id}`;
      const ipKey = `ip:${request.ip}`;
      // Throttled like sign-in, sharing its per-address budget: a stolen session is no password oracle.
      await reserveOrRefuse(db, config, { account: acctKey, ip: ipKey }, reply, () =>
        ctx.audit('step_up_throttled', null),
      );
      try {
        await confirm(deps, user.id, body);
      } catch (err) {
        await ctx.audit('step_up_failed', null);
        throw err;
      }
      await clearAttempts(db, acctKey);
      await refundAttempt(db, ipKey);
      const at = await recordStepUp(db, sessionKey(request), user.id);
      // Expired confirmations are worthless; dropping them here keeps the table at the active sessions.
      await dropStepUpsOlderThan(db, STEP_UP_SECONDS * 2);
      await ctx.audit('step_up', null);
      return { data: { valid_until: at + STEP_UP_SECONDS } };
    },
  });
}
