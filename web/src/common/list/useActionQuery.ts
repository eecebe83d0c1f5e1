import type { ActionInput, ActionSpec } from '@sitefleet/shared';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { callAction } from '../../providers/actions';

interface Options {
  /** The cache key, when something else refreshes it by a prefix (a Check now); else the action and input. */
  queryKey?: QueryKey;
  enabled?: boolean;
  /** Keep showing the last answer while one for new input (another filter) loads. */
  keepPrevious?: boolean;
}

/** A refusal (4xx) is final: asking again changes nothing. A failure of the network or server is retried once. */
const retry = (failures: number, error: unknown) =>
  !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failures < 1;

/** A declared action's answer, read through the query cache (cancelled when the screen goes). */
export function useActionQuery<S extends ActionSpec>(spec: S, input: ActionInput<S>, options: Options = {}) {
  return useQuery({
    queryKey: options.queryKey ?? [spec.method, spec.path, input],
    queryFn: ({ signal }) => callAction(spec, input, { signal }),
    retry,
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
