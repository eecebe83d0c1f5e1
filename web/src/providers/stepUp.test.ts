import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';
import { toHttpError } from './http';
import { isStepUpRequired } from './stepUp';

const stepUp = toHttpError(401, {
  error: { code: 'step_up_required', message: 'Confirm your password to reveal secrets' },
});

describe('step-up errors', () => {
  it('tells a step-up request from an ended session', () => {
    expect(isStepUpRequired(stepUp)).toBe(true);
    expect(isStepUpRequired(toHttpError(401, { error: { code: 'unauthorized', message: 'x' } }))).toBe(false);
    expect(isStepUpRequired(new HttpError('x', 401, null))).toBe(false);
    expect(isStepUpRequired(null)).toBe(false);
  });

  it('keeps the session on a step-up request and ends it on any other 401', async () => {
    await expect(authProvider.checkError(stepUp)).resolves.toBeUndefined();
    await expect(
      authProvider.checkError(toHttpError(401, { error: { code: 'unauthorized', message: 'expired' } })),
    ).rejects.toThrow('Session expired');
  });
});
