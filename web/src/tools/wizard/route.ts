/** The wizard's screen (SPEC §2.6): the launches in progress, or one launch with `?draft={id}`. */
export const DEPLOY_WEBSITE_ROUTE = '/deploy-website';
export const DRAFT_PARAM = 'draft';

/** The address of one launch; kept after a start so that a reload resumes it. */
export const launchPath = (id: number) => `${DEPLOY_WEBSITE_ROUTE}?${DRAFT_PARAM}=${id}`;

/** The launch id an address names: null without one, NaN for one that is no id. */
export function draftIdOf(raw: string | null): number | null {
  if (raw === null) return null;
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
}
