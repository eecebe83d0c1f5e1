import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button } from '@mui/material';
import { actions, type JobService } from '@sitefleet/shared';
import { useDataProvider, useListContext, usePermissions } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { useStartRun } from '../../resources/cron-jobs/useStartRun';

/**
 * A list's bulk action that runs a command for the selected rows (select all for a whole filtered list):
 * one run, their ids as the command's `ids`, followed on the run's page. Shown to who may run commands.
 */
export const RunForSelectionButton = ({
  service,
  command,
  label,
  failure,
}: {
  service: JobService;
  command: string;
  label: string;
  /** What the notice says when the run could not start. */
  failure: string;
}) => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun(service, failure);
  const run = actions.jobs.artisan[service].run;
  if (!hasRoute(permissions ?? NO_PERMISSIONS, run.method, run.path)) return null;
  return (
    <Button
      size="small"
      startIcon={<FactCheckOutlined />}
      onClick={() =>
        void startRun(() =>
          dataProvider.runCommand(service, command, { ids: selectedIds.map(String).join(',') }),
        )
      }
    >
      {label}
    </Button>
  );
};
