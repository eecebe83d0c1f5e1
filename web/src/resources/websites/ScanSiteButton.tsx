import TravelExplore from '@mui/icons-material/TravelExplore';
import { Button, CircularProgress } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { useDataProvider, usePermissions, useRecordContext } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { useStartRun } from '../cron-jobs/useStartRun';

/** Crawls the site (SPEC §7.5) and opens the scan's cron run; a refusal shows the server's message. */
export const ScanSiteButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun('dms');
  const [busy, setBusy] = useState(false);
  if (!record || !mayCall(permissions ?? NO_PERMISSIONS, actions.dms.scanWebsite)) return null;

  const scan = async () => {
    setBusy(true);
    await startRun(() => dataProvider.scanWebsite(record.id));
    setBusy(false);
  };
  return (
    <Button
      size="small"
      onClick={scan}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <TravelExplore />}
    >
      Scan site
    </Button>
  );
};
