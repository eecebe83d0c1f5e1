import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Typography,
} from '@mui/material';
import { resources, STATIC_DIALOG_FOLLOW_MS, type StaticOperation } from '@sitefleet/shared';
import { useEffect, useState } from 'react';
import { useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { cronRunPath } from '../../cron-jobs/paths';
import { CHECK_STATUS } from '../wordpress/ActionResultDialog';
import {
  formatBytes,
  operationLabel,
  progressPercent,
  progressText,
  type StaticStatus,
} from './staticFormat';

/** How often the dialog reads the run and the site while it follows them. */
const POLL_MS = 1000;

interface RunOutput {
  output: { message: string; gate_reasons?: string[]; pages?: number; bytes?: number; release?: string };
}
interface RunRecord {
  id: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output?: RunOutput[];
  failed_job_output?: RunOutput[];
}

/**
 * SPEC §4: the blocking progress dialog of a static operation. It follows the run (and the site's progress:
 * phase, pages and files written) for up to a minute; it cannot be dismissed meanwhile. Then it shows the
 * outcome: the release published, or why the gate stopped it; after a minute a run still going goes on in the
 * background and the dialog may be closed.
 */
export const StaticProgressDialog = ({
  websiteId,
  op,
  runId,
  status,
  onClose,
}: {
  websiteId: number;
  op: StaticOperation;
  runId: number;
  status: StaticStatus;
  onClose: () => void;
}) => {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const following = now - started < STATIC_DIALOG_FOLLOW_MS;
  const { data: run } = useGetOne<RunRecord>(
    resources.cronJobs.dms.path,
    { id: runId },
    { refetchInterval: (q) => (following && (q.state.data?.remaining_jobs ?? 1) > 0 ? POLL_MS : false) },
  );
  const finished = run !== undefined && run.remaining_jobs === 0;
  const { data: site } = useGetOne<StaticStatus>(
    resources.staticSites.path,
    { id: websiteId },
    { refetchInterval: following && !finished ? POLL_MS : false },
  );
  useEffect(() => {
    if (finished) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [finished]);

  const ok = finished && run.failed_count === 0;
  const outcome = finished ? (ok ? run.job_output?.[0] : run.failed_job_output?.[0])?.output : undefined;
  const reasons = outcome?.gate_reasons ?? [];
  const progress = site?.progress ?? null;
  const percent = progressPercent(progress, finished);
  const seconds = Math.floor((now - started) / 1000);
  const mayClose = finished || !following;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      disableEscapeKeyDown={!mayClose}
      onClose={mayClose ? onClose : undefined}
      aria-labelledby="static-progress-title"
    >
      <DialogTitle id="static-progress-title">
        {operationLabel(op, status)}: {status.hostname}
      </DialogTitle>
      <DialogContent dividers data-testid="static-progress">
        <Typography variant="body2" data-testid="static-phase" sx={{ mb: 1 }}>
          {finished ? (ok ? 'Done' : 'Failed') : progressText(progress)}
        </Typography>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
          color={finished && !ok ? 'error' : 'primary'}
          aria-label="Static operation progress"
          sx={{ height: 8, borderRadius: 1 }}
        />
        {!finished && (
          <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
            {following
              ? `${seconds} s: this can take up to a minute`
              : 'Still running after a minute: it goes on in the background; follow it on its cron run.'}
          </Typography>
        )}
        {finished && outcome && (
          <Box sx={{ mt: 2 }}>
            <Alert severity={ok ? 'success' : 'error'} data-testid="static-outcome">
              {outcome.message}
            </Alert>
            {ok && outcome.pages !== undefined && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Release {outcome.release ?? '—'}: {outcome.pages} pages, {formatBytes(outcome.bytes) ?? '—'}
              </Typography>
            )}
            {reasons.length > 0 && (
              <Box component="ul" sx={{ pl: 3, mb: 0 }} data-testid="static-gate-reasons">
                {reasons.map((r) => (
                  <li key={r}>
                    <Typography variant="body2">{r}</Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        )}
        <Link
          component={RouterLink}
          to={cronRunPath('dms', runId)}
          onClick={mayClose ? onClose : (e) => e.preventDefault()}
          sx={{ display: 'inline-block', mt: 2 }}
        >
          {CHECK_STATUS}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!mayClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
};
