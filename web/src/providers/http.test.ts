import { describe, expect, it } from 'vitest';
import { apiUrl, errorDetail, errorMessage, GENERIC_ERROR, toHttpError } from './http';

describe('http', () => {
  it('builds same-origin URLs from resource paths', () => {
    expect(apiUrl('dms/api/v1/tags', { page: 1, perPage: 25, filter: undefined })).toBe(
      '/dms/api/v1/tags?page=1&perPage=25',
    );
    expect(apiUrl('/ums/auth/login')).toBe('/ums/auth/login');
  });

  it('maps server field errors to react-admin form errors', () => {
    const error = toHttpError(422, {
      error: { code: 'validation_failed', message: 'Invalid', fields: { name: 'has already been taken' } },
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('Invalid');
    expect((error.body as { errors: unknown }).errors).toEqual({ name: 'has already been taken' });
  });

  it("falls back to 'Generic error!'", () => {
    expect(toHttpError(500, null).message).toBe(GENERIC_ERROR);
    expect(toHttpError(502, '<html>').message).toBe(GENERIC_ERROR);
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR);
    expect(errorMessage(new Error(''))).toBe(GENERIC_ERROR);
    expect(errorMessage(new Error('Forbidden'))).toBe('Forbidden');
  });
});

describe('error detail', () => {
  it('lists field errors when there are any, else the message', () => {
    expect(
      errorDetail(
        toHttpError(422, {
          error: { message: 'Some fields are not valid', fields: { ip_address: 'has already been taken' } },
        }),
      ),
    ).toBe('ip_address: has already been taken');
    expect(errorDetail(toHttpError(500, { error: { message: 'Boom' } }))).toBe('Boom');
  });
});
