/** Stable error codes of the wire contract (ARCHITECTURE §3). */
export const ERROR_CODES = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  /** A reveal needs the user's password confirmed within the last few minutes (POST /ums/auth/step-up). */
  step_up_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  payload_too_large: 413,
  internal: 500,
  /** An outside system (a WordPress site) failed or answered something unusable; the message says which. */
  bad_gateway: 502,
  database_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → message, for 422 (shown as helper text on the matching input). */
    fields?: Record<string, string>;
  };
}
