import { LIMITS } from '@sitefleet/shared';

export const PASSWORD_MISMATCH = "Password doesn't match";
export const REQUIRED = 'Required';
export const TOO_SHORT = `Must be at least ${LIMITS.passwordMin} characters`;
export const TOO_LONG = `Must be at most ${LIMITS.passwordMax} characters`;

type Values = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** SPEC §5: a password is required only when creating a user who does not sign in with Google. */
export function passwordRequired(mode: 'create' | 'edit', record?: Values | null): boolean {
  return mode === 'create' && !record?.google_id;
}

export function validateNewPassword(value: unknown, required: boolean): string | undefined {
  const password = text(value);
  if (!password) return required ? REQUIRED : undefined;
  if (password.length < LIMITS.passwordMin) return TOO_SHORT;
  if (password.length > LIMITS.passwordMax) return TOO_LONG;
  return undefined;
}

export function validateVerifyPassword(
  value: unknown,
  values: Values,
  required: boolean,
): string | undefined {
  const verify = text(value);
  if (!verify && !text(values.new_password)) return required ? REQUIRED : undefined;
  return verify === text(values.new_password) ? undefined : PASSWORD_MISMATCH;
}

/** Save stays disabled while the two password boxes differ. */
export function passwordsMatch(values: Values): boolean {
  return text(values.new_password) === text(values.verify_password);
}
