import type { ErrorCode } from '@sitefleet/shared';
import { ERROR_CODES } from '@sitefleet/shared';

/** A failure the client caused or may see: carries a stable code, an HTTP status and optional field errors. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
/** The one wording of a missing record, for CRUD and actions alike: `Domains: no record with id 7`. */
export const notFoundRecord = (label: string, id: number | string | readonly number[]) =>
  notFound(`${label}: no record with id ${Array.isArray(id) ? id.join(', ') : String(id)}`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const invalid = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new AppError('validation_failed', message, fields);
/** The database could not be reached: a 503 the client may retry; the cause is logged, never sent. */
export const databaseUnavailable = (cause?: unknown) => {
  const err = new AppError('database_unavailable', 'The database is unavailable; retry shortly');
  if (cause !== undefined) err.cause = cause;
  return err;
};

/** The message of anything thrown (an Error's, or the value as text). */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
