import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useDataProvider, useListContext, usePermissions } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { useStartRun } from '../cron-jobs/useStartRun';

export const CHECK_COMMAND = 'backlinks:check';

/** The list's bulk Check: the selected links (select all for a whole filtered list) in one run. */
export const CheckLinksButton = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun('dms', 'The check could not start');
  const run = actions.jobs.artisan.dms.run;
  if (!hasRoute(permissions ?? NO_PERMISSIONS, run.method, run.path)) return null;
  return (
    <Button
      size="small"
      startIcon={<FactCheckOutlined />}
      onClick={() =>
        void startRun(() =>
          dataProvider.runCommand('dms', CHECK_COMMAND, { ids: selectedIds.map(String).join(',') }),
        )
      }
    >
      Check
    </Button>
  );
};
