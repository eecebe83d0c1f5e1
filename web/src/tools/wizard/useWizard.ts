import { actions } from '@sitefleet/shared';
import type { WizardDraft, WizardInput } from './types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { usePermissions } from 'react-admin';
import { fieldErrorsOf, type FieldErrors } from '../../resources/cron-jobs/startRun';
import { callAction } from '../../providers/actions';
import { errorDetail, errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { stepFieldErrors } from './draft';
import { CONFLICT_TEXT } from './messages';

const { advanceWizard, backWizard, getWizard, resetWizard } = actions.wizard;

export const draftQueryKey = (id: number) => ['website-draft', id] as const;

export interface WizardControl {
  draft: WizardDraft | undefined;
  loadError: unknown;
  /** A call is on its way: every move waits for it. */
  busy: boolean;
  /** The last refusal that no input shows (a permission, a server fault), until the next call. */
  failure: string | null;
  /** Set when someone else had moved the launch and it was reloaded. */
  conflict: string | null;
  may: { advance: boolean; back: boolean; reset: boolean };
  permissionsPending: boolean;
  /** Runs the current step; resolves to the field errors a form shows on its `sources` inputs. */
  advance: (input?: WizardInput, sources?: readonly string[]) => Promise<FieldErrors | undefined>;
  back: () => Promise<void>;
  reset: () => Promise<void>;
}

const statusOf = (e: unknown) => (e as { status?: unknown } | null)?.status;

/**
 * One launch, read from and moved on the server. Every move names the step and version this screen saw; a
 * 409 means someone else moved the launch first, so it is read again and the user told, never re-sent.
 */
export function useWizard(id: number): WizardControl {
  const queryClient = useQueryClient();
  const key = draftQueryKey(id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      callAction(getWizard, { params: { id: String(id) } }, { signal }).then((r) => r.data),
    retry: false,
  });
  const { permissions, isPending: permissionsPending } = usePermissions<Permissions>();
  const perms = permissions ?? NO_PERMISSIONS;
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const params = { id: String(id) };

  const run = async (
    call: (draft: WizardDraft) => Promise<{ data: WizardDraft }>,
    sources: readonly string[] = [],
  ): Promise<FieldErrors | undefined> => {
    const draft = query.data;
    if (!draft || inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    setConflict(null);
    try {
      const answer = await call(draft);
      queryClient.setQueryData(key, answer.data);
      return undefined;
    } catch (e) {
      if (statusOf(e) === 409) {
        await query.refetch();
        setConflict(CONFLICT_TEXT);
        return undefined;
      }
      const { shown, unshown } = stepFieldErrors(fieldErrorsOf(e), sources);
      if (Object.keys(unshown).length) setFailure(errorDetail({ body: { errors: unshown } }));
      else if (!Object.keys(shown).length) setFailure(errorMessage(e));
      return Object.keys(shown).length ? shown : undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return {
    draft: query.data,
    loadError: query.error,
    busy,
    failure,
    conflict,
    may: {
      advance: mayCall(perms, advanceWizard),
      back: mayCall(perms, backWizard),
      reset: mayCall(perms, resetWizard),
    },
    permissionsPending,
    advance: (input, sources) =>
      run(
        (d) =>
          callAction(advanceWizard, {
            params,
            body: { step: d.current, version: d.version, ...(input ? { input } : {}) },
          }),
        sources,
      ),
    back: async () => {
      await run((d) => callAction(backWizard, { params, body: { step: d.current, version: d.version } }));
    },
    reset: async () => {
      await run((d) => callAction(resetWizard, { params, body: { version: d.version } }));
    },
  };
}
