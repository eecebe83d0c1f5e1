/** The error code of a reveal whose session has not confirmed its password lately (ADR 0005). */
export const STEP_UP_REQUIRED = 'step_up_required';

/** Whether a failed call asks for a password confirmation rather than a new sign-in. */
export function isStepUpRequired(error: unknown): boolean {
  const body = (error as { body?: { error?: { code?: unknown } } } | null)?.body;
  return body?.error?.code === STEP_UP_REQUIRED;
}
