import type { RefreshResult } from '../../providers/dataProvider';

type JobItem = RefreshResult['job_output'][number];

/** SPEC §8: the alert of a refresh that failed (as a whole or in part). */
export const REFRESH_FAILED = 'Something went wrong with the refresh';

export interface RefreshOutcome {
  ok: boolean;
  messages: string[];
  failures: string[];
}

const messagesOf = (items: readonly JobItem[] | undefined) =>
  (items ?? []).map((i) => i.output?.message).filter((m): m is string => typeof m === 'string' && m !== '');

/** What a refresh answered (SPEC §7.1): its messages, and failed when failed_job_output has any item. */
export function refreshOutcome(result: RefreshResult): RefreshOutcome {
  const failures = messagesOf(result.failed_job_output);
  return {
    ok: (result.failed_job_output ?? []).length === 0,
    messages: messagesOf(result.job_output),
    failures,
  };
}

/** A refresh call that failed outright: the failure is its only message. */
export function failedOutcome(message: string): RefreshOutcome {
  return { ok: false, messages: [], failures: [message] };
}
