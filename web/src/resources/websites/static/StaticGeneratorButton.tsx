import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Bolt from '@mui/icons-material/Bolt';
import { Button, Menu, MenuItem } from '@mui/material';
import { resources, type StaticOperation } from '@sitefleet/shared';
import { useState } from 'react';
import { useGetOne, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';
import { StaticConfirmDialog } from './StaticConfirmDialog';
import { StaticProgressDialog } from './StaticProgressDialog';
import { offeredOperations, operationLabel, STATIC_ACTIONS, type StaticStatus } from './staticFormat';

type Refusal = { message: string; fields?: Record<string, string> };

const refusalOf = (error: unknown): Refusal => {
  const fields = (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
  return { message: errorMessage(error), ...(fields ? { fields } : {}) };
};

/**
 * SPEC §2.5, §4: the website show page's 'static generator' action, for LINK websites only: Convert to static
 * (no RunCloud alias, on WordPress) or Publish static changes and Rollback (with an alias, or once static). Each
 * is confirmed, started as a command, and followed by the blocking progress dialog.
 */
export const StaticGeneratorButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions<Permissions>();
  const refresh = useRefresh();
  const perms = permissions ?? NO_PERMISSIONS;
  const isLink = record?.type === 'LINK';
  const allowed = Object.values(STATIC_ACTIONS).some((a) => mayCall(perms, a));
  const { data: status, refetch } = useGetOne<StaticStatus>(
    resources.staticSites.path,
    { id: record?.id },
    { enabled: Boolean(record) && isLink && allowed },
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<StaticOperation | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [following, setFollowing] = useState<{ op: StaticOperation; runId: number } | null>(null);
  if (!record || !isLink || !allowed || !status) return null;

  const offered = offeredOperations(status).filter((op) => mayCall(perms, STATIC_ACTIONS[op]));
  const running = status.running_run_id !== null && status.running_run_id !== undefined;

  const start = async (op: StaticOperation, origin: string) => {
    setBusy(true);
    setRefused(null);
    try {
      const params = { id: String(record.id) };
      const answer =
        op === 'convert'
          ? await callAction(STATIC_ACTIONS.convert, { params, query: origin ? { origin } : {} })
          : await callAction(STATIC_ACTIONS[op], { params });
      setConfirming(null);
      setFollowing({ op, runId: answer.cron_id });
    } catch (error) {
      setRefused(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<Bolt />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        disabled={!offered.length}
      >
        Static generator
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {offered.map((op) => (
          <MenuItem
            key={op}
            disabled={running}
            onClick={() => {
              setAnchor(null);
              setRefused(null);
              setConfirming(op);
            }}
          >
            {operationLabel(op, status)}
          </MenuItem>
        ))}
        {running && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setFollowing({ op: offered[0] ?? 'publish', runId: Number(status.running_run_id) });
            }}
          >
            Follow the running operation
          </MenuItem>
        )}
      </Menu>
      <StaticConfirmDialog
        op={confirming}
        status={status}
        busy={busy}
        error={refused}
        onConfirm={(origin) => confirming && void start(confirming, origin)}
        onClose={() => setConfirming(null)}
      />
      {following && (
        <StaticProgressDialog
          websiteId={Number(record.id)}
          op={following.op}
          runId={following.runId}
          status={status}
          onClose={() => {
            setFollowing(null);
            void refetch();
            refresh();
          }}
        />
      )}
    </>
  );
};
