import type { JobService } from '@sitefleet/shared';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../providers/http';
import { cronRunPath } from './paths';
import { failureText, fieldErrorsOf, type FieldErrors } from './startRun';

export interface RunFailure {
  message: string;
  /** For a form to show on its inputs (react-admin's Form takes them as onSubmit's answer). */
  fieldErrors: FieldErrors | undefined;
}

/**
 * Starts a run and opens its page. A failure is notified (after `failurePrefix`, when given) and
 * returned, so a form can stay, keep what the user typed and show the errors on its inputs.
 */
export function useStartRun(service: JobService, failurePrefix?: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(
    async (start: () => Promise<number>): Promise<RunFailure | undefined> => {
      try {
        navigate(cronRunPath(service, await start()));
        return undefined;
      } catch (error) {
        notify(failureText(error, failurePrefix), { type: 'error' });
        return { message: errorMessage(error), fieldErrors: fieldErrorsOf(error) };
      }
    },
    [navigate, notify, service, failurePrefix],
  );
}
