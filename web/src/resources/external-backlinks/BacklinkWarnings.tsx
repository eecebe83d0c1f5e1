import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { actions, resources } from '@sitefleet/shared';
import { useState } from 'react';
import { Loading, useGetList, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { formatTime } from '../../common/format/dates';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

interface Warning {
  id: number;
  external_backlink_id: number | null;
  message: string;
  important: boolean;
  data: { rows?: Array<{ field?: string; expected?: unknown; found?: unknown }> } | null;
  expected: string | null;
  found: string | null;
  ignored_at: number | null;
  created_at: number;
}

const WARNINGS = resources.externalBacklinkStatus.path;

/**
 * A backlink's warnings (SPEC §3 Warning): what changed between checks, '!' when important; IGNORE only on
 * a warning of a backlink (SPEC §7.5), and ignored ones stay listed, greyed.
 */
export const BacklinkWarnings = (_: { label?: false }) => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Permissions>();
  const [busy, setBusy] = useState<number | null>(null);
  const { data, isPending, error, refetch } = useGetList<Warning>(
    WARNINGS,
    {
      filter: { external_backlink_id: record?.id },
      sort: { field: 'created_at', order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: record !== undefined },
  );
  const spec = actions.backlinks.ignoreBacklinkWarning;
  const mayIgnore = mayCall(permissions ?? NO_PERMISSIONS, spec);
  if (!record) return null;
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data.length)
    return (
      <Typography variant="body2" sx={{ p: 2 }} data-testid="no-warnings">
        No warnings: every check found what the one before it found.
      </Typography>
    );
  const ignore = async (w: Warning) => {
    setBusy(w.id);
    try {
      await callAction(spec, { params: { id: String(w.id) } });
      notify('Warning ignored', { type: 'success' });
      await refetch();
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Table size="small" aria-label="Warnings">
        <TableHead>
          <TableRow>
            <TableCell>Raised</TableCell>
            <TableCell>Warning</TableCell>
            <TableCell>Expected</TableCell>
            <TableCell>Found</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((w) => (
            <TableRow
              key={w.id}
              data-testid="backlink-warning"
              sx={w.ignored_at ? { opacity: 0.55 } : undefined}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(w.created_at)}</TableCell>
              <TableCell>
                {w.important && (
                  <Typography component="span" sx={{ color: 'error.main', fontWeight: 700, mr: 0.5 }}>
                    !
                  </Typography>
                )}
                {w.message}
                {(w.data?.rows ?? []).map((row, i) => (
                  <Typography key={i} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {row.field}: {String(row.expected ?? '—')} → {String(row.found ?? '—')}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>{w.expected ?? '—'}</TableCell>
              <TableCell>{w.found ?? '—'}</TableCell>
              <TableCell align="right">
                {w.ignored_at ? (
                  <Typography variant="caption">Ignored {formatTime(w.ignored_at)}</Typography>
                ) : (
                  mayIgnore &&
                  w.external_backlink_id !== null && (
                    <Button size="small" disabled={busy === w.id} onClick={() => void ignore(w)}>
                      IGNORE
                    </Button>
                  )
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
