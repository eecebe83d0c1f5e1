import { errorMessage } from '../../providers/http';

export type FieldErrors = Record<string, string>;

/** The field errors of a refused call (a 422's body.errors), keyed as the form's inputs: `arguments.days`. */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const entries = Object.entries(errors as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** "Error executing artisan command: Unknown command", or the server's message alone. */
export function failureText(error: unknown, prefix?: string): string {
  return prefix ? `${prefix}: ${errorMessage(error)}` : errorMessage(error);
}
