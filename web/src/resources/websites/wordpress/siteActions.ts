import { actions, type ActionResponse } from '@sitefleet/shared';
import { errorMessage } from '../../../providers/http';

export type SiteActionResult = ActionResponse<typeof actions.wordpress.runSiteAction>;

/** What a WordPress action's dialog says (SPEC §8): the answer, or 'Error: {message}' for a refusal. */
export type SiteActionOutcome =
  { kind: 'done'; success: boolean; message: string; cronId: number } | { kind: 'failed'; message: string };

export function outcomeOf(result: SiteActionResult): SiteActionOutcome {
  return { kind: 'done', success: result.success, message: result.message, cronId: result.cron.id };
}

export function failureOf(error: unknown): SiteActionOutcome {
  return { kind: 'failed', message: errorMessage(error) };
}

/** SPEC §5: a generator version is digits and dots (6.4, 5.9.3); empty removes the override. */
export function generatorVersionError(version: string): string | undefined {
  const text = version.trim();
  if (text === '') return undefined;
  return new RegExp(actions.wordpress.GENERATOR_VERSION_PATTERN).test(text)
    ? undefined
    : 'Digits and dots only, like 6.4 or 5.9.3';
}

/** The text lines the generator change answers, without blank ones. */
export const textLines = (text: unknown): string[] =>
  String(text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The server's field errors keyed as the connect form's inputs (`body.url` → `url`). */
export function connectFieldErrors(errors: Record<string, string> | undefined) {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key.replace(/^body[./]/, ''), message]),
  );
}
