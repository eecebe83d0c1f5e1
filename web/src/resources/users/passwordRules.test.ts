import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MISMATCH,
  passwordRequired,
  passwordsMatch,
  REQUIRED,
  TOO_SHORT,
  validateNewPassword,
  validateVerifyPassword,
} from './passwordRules';

describe('user password rules (SPEC §5)', () => {
  it('requires a password only on create for non-Google users', () => {
    expect(passwordRequired('create', {})).toBe(true);
    expect(passwordRequired('create', { google_id: 'g' })).toBe(false);
    expect(passwordRequired('edit', {})).toBe(false);
  });

  it('needs at least 12 characters', () => {
    expect(validateNewPassword('', true)).toBe(REQUIRED);
    expect(validateNewPassword('', false)).toBeUndefined();
    expect(validateNewPassword('short', false)).toBe(TOO_SHORT);
    expect(validateNewPassword('twelve chars', true)).toBeUndefined();
  });

  it("shows 'Password doesn't match' on a mismatch and blocks saving", () => {
    const values = { new_password: 'correct horse battery', verify_password: 'correct horse' };
    expect(validateVerifyPassword(values.verify_password, values, false)).toBe(PASSWORD_MISMATCH);
    expect(passwordsMatch(values)).toBe(false);
    expect(passwordsMatch({ new_password: 'abc', verify_password: 'abc' })).toBe(true);
    expect(passwordsMatch({})).toBe(true);
    expect(validateVerifyPassword('', {}, true)).toBe(REQUIRED);
    expect(validateVerifyPassword('', { new_password: 'x' }, false)).toBe(PASSWORD_MISMATCH);
  });
});
