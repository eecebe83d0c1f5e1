import { Alert, Box, Paper } from '@mui/material';
import { actions, TIMINGS, type ArtisanCommand, type JobService } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Loading, Title, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { useParams } from 'react-router-dom';
import { NoRows } from '../../common/list/NoRows';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { cronPollInterval } from '../../resources/cron-jobs/format';
import { SERVICE_LABELS } from '../../resources/cron-jobs/labels';
import { failureText } from '../../resources/cron-jobs/startRun';
import { CommandTable } from './CommandTable';
import { LOAD_FAILED } from './messages';
import { isJobService } from './route';
import { RunCommandDialog } from './RunCommandDialog';

const Commands = ({ service }: { service: JobService }) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions<Permissions>();
  const [running, setRunning] = useState<ArtisanCommand | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: [actions.jobs.artisan[service].list.path],
    queryFn: () => dataProvider.listCommands(service),
    retry: false,
    // while a last run still has jobs, its status follows it (SPEC §4 cron poll)
    refetchInterval: (query) =>
      query.state.data?.some((c) => cronPollInterval(c.last_run) !== false) ? TIMINGS.cronPollMs : false,
  });
  useEffect(() => {
    if (error) notify(failureText(error, LOAD_FAILED), { type: 'error' });
  }, [error, notify]);
  const artisan = actions.jobs.artisan[service];
  const canRun = hasRoute(permissions ?? NO_PERMISSIONS, artisan.run.method, artisan.run.path);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${SERVICE_LABELS[service]} commands`} />
      <Paper>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Alert severity="error">{LOAD_FAILED}</Alert>
        ) : data.length === 0 ? (
          <NoRows />
        ) : (
          <CommandTable service={service} commands={data} onRun={canRun ? setRunning : undefined} />
        )}
      </Paper>
      {running && (
        <RunCommandDialog
          key={running.command}
          service={service}
          command={running}
          onClose={() => setRunning(null)}
        />
      )}
    </Box>
  );
};

/** Commands of one service for admins (SPEC §6, §7.4): list them, run one, follow its cron run. */
export const ArtisanPage = () => {
  const { service } = useParams();
  if (!isJobService(service)) return <Alert severity="error">No such service: {service}</Alert>;
  return <Commands key={service} service={service} />;
};
