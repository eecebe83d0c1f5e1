import { Box, Button, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ArtisanCommand, JobService } from '@sitefleet/shared';
import { Link as RouterLink } from 'react-router-dom';
import { ChoiceChip } from '../../common/fields/ChoiceChip';
import { NAText } from '../../common/fields/NA';
import { TimeValue } from '../../common/fields/Values';
import { formatTime } from '../../common/format/dates';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from '../../resources/cron-jobs/labels';
import { cronRunPath } from '../../resources/cron-jobs/paths';

interface Props {
  service: JobService;
  commands: readonly ArtisanCommand[];
  /** Absent for users who may not run commands. */
  onRun?: (command: ArtisanCommand) => void;
}

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

const LastRun = ({ service, run }: { service: JobService; run: ArtisanCommand['last_run'] }) => {
  if (!run) return <NAText />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to={cronRunPath(service, run.id)} underline="hover">
        {formatTime(run.start_time) ?? `#${run.id}`}
      </Link>
      <ChoiceChip value={run.status} labels={RUN_STATUS_LABELS} colors={RUN_STATUS_COLORS} />
    </Stack>
  );
};

/** A service's commands: what each does, when it runs by itself, and how its last run went. */
export const CommandTable = ({ service, commands, onRun }: Props) => (
  <Box sx={{ overflowX: 'auto' }}>
    <Table aria-label="Commands">
      <TableHead>
        <TableRow>
          <TableCell>Command</TableCell>
          <TableCell>Description</TableCell>
          <TableCell>Schedule (UTC)</TableCell>
          <TableCell>Next run</TableCell>
          <TableCell>Last run</TableCell>
          {onRun && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {commands.map((c) => (
          <TableRow key={c.command} data-testid="command-row" data-command={c.command}>
            <TableCell sx={{ ...mono, fontWeight: 500 }}>{c.command}</TableCell>
            <TableCell>{c.description}</TableCell>
            <TableCell sx={mono}>{c.schedule ?? <NAText />}</TableCell>
            <TableCell>
              <TimeValue value={c.next_run} />
            </TableCell>
            <TableCell>
              <LastRun service={service} run={c.last_run} />
            </TableCell>
            {onRun && (
              <TableCell align="right">
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onRun(c)}
                  aria-label={`Run ${c.command}`}
                >
                  Run
                </Button>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);
