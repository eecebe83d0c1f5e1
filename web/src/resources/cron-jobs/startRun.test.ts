import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { failureText, fieldErrorsOf } from './startRun';

describe('starting a run', () => {
  it('reads the field errors of a refused call, keyed like the inputs', () => {
    const refused = new HttpError('Validation failed', 422, {
      errors: { domains: 'No valid domain', 'arguments.days': 'must be at least 1' },
    });
    expect(fieldErrorsOf(refused)).toEqual({
      domains: 'No valid domain',
      'arguments.days': 'must be at least 1',
    });
    expect(fieldErrorsOf(new HttpError('Boom', 500, {}))).toBeUndefined();
    expect(fieldErrorsOf(new Error('offline'))).toBeUndefined();
  });

  it("prefixes the server's message (SPEC §8 snackbars)", () => {
    expect(failureText(new Error('Unknown command'), 'Error executing artisan command')).toBe(
      'Error executing artisan command: Unknown command',
    );
    expect(failureText(new Error('Site has no URL'))).toBe('Site has no URL');
    expect(failureText(null)).toBe('Generic error!');
  });
});
