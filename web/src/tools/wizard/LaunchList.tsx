import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  Alert,
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { resources, WIZARD_STEPS } from '@sitefleet/shared';
import { Loading, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatTime } from '../../common/format/dates';
import { NA } from '../../common/format/text';
import { NoRows } from '../../common/list/NoRows';
import { errorMessage } from '../../providers/http';
import { NO_START_TEXT } from './messages';
import { launchPath } from './route';
import { useStartLaunch } from './useStartLaunch';

interface DraftRow {
  id: number;
  hostname: string | null;
  step: number;
  last_error: string | null;
  updated_at: number;
}

/** How many launches in progress are listed; more would be launches nobody finishes. */
const SHOWN = 100;

/** The launches in progress, each resumed where it stands, and a new one. */
export const LaunchList = () => {
  const launch = useStartLaunch();
  const { data, error, isPending } = useGetList<DraftRow>(resources.websiteDrafts.path, {
    filter: { status: 'in_progress' },
    sort: { field: 'updated_at', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Launches in progress
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => void launch.start()}
          disabled={!launch.may || launch.busy}
        >
          Start a new launch
        </Button>
      </Stack>
      {!launch.may && !launch.permissionsPending && <Alert severity="info">{NO_START_TEXT}</Alert>}
      <Card>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isPending ? (
          <Loading />
        ) : data.length === 0 ? (
          <NoRows />
        ) : (
          <Table size="small" aria-label="Launches in progress">
            <TableHead>
              <TableRow>
                <TableCell>Domain</TableCell>
                <TableCell>Step</TableCell>
                <TableCell>Last failure</TableCell>
                <TableCell>Updated</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((d) => (
                <TableRow key={d.id} data-testid={`wizard-launch-${d.id}`}>
                  <TableCell>{d.hostname ?? `Launch #${d.id}`}</TableCell>
                  <TableCell>{WIZARD_STEPS[d.step]?.label ?? d.step}</TableCell>
                  <TableCell>{d.last_error ?? NA}</TableCell>
                  <TableCell>{formatTime(d.updated_at) ?? NA}</TableCell>
                  <TableCell align="right">
                    <Button component={RouterLink} to={launchPath(d.id)} size="small">
                      Resume
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </Stack>
  );
};
