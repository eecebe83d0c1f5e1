import PlayArrow from '@mui/icons-material/PlayArrow';
import { Button } from '@mui/material';
import { actions, type JobService } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, usePermissions } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { RunCommandDialog } from './RunCommandDialog';

/**
 * A list's button that runs one command (an import, Lighthouse now) through the same dialog as the
 * commands page: its arguments, then its cron run. Hidden from users who may not run commands.
 */
export const RunCommandButton = ({
  service,
  command,
  label,
}: {
  service: JobService;
  command: string;
  label: string;
}) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const [open, setOpen] = useState(false);
  const artisan = actions.jobs.artisan[service];
  const canRun = hasRoute(permissions ?? NO_PERMISSIONS, artisan.run.method, artisan.run.path);
  const { data } = useQuery({
    queryKey: [artisan.list.path],
    queryFn: () => dataProvider.listCommands(service),
    enabled: canRun,
    retry: false,
  });
  const found = data?.find((c) => c.command === command);
  if (!canRun || !found) return null;
  return (
    <>
      <Button size="small" startIcon={<PlayArrow />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <RunCommandDialog service={service} command={found} onClose={() => setOpen(false)} />}
    </>
  );
};
