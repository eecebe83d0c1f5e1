import type { ActionInput, ActionResponse, ActionSpec, Comparison } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'react-admin';
import { callAction } from '../providers/actions';

/** The store keys of the dashboard's choices: kept in local storage and synced across tabs (SPEC §2.3). */
export const SITE_KEY = 'dashboard.moneySite';
export const COMPARISON_KEY = 'dashboard.comparison';

export const useMoneySite = () => useStore<number | null>(SITE_KEY, null);
export const useComparison = () => useStore<Comparison>(COMPARISON_KEY, 'yesterday');

/**
 * One panel's call (shared/src/actions/seo.ts): its own query, keyed by the action and everything it sends
 * (site, comparison, device...), so each panel loads, caches and fails on its own.
 */
export function useSeo<S extends ActionSpec>(spec: S, input: ActionInput<S>) {
  return useQuery<ActionResponse<S>>({
    queryKey: ['seo', spec.path, input],
    queryFn: ({ signal }) => callAction(spec, input, { signal }),
    // a failed panel says so at once (with a retry button) rather than after the default back-off
    retry: false,
    staleTime: 5 * 60_000,
  });
}
