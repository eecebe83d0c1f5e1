import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { Button, CircularProgress, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useCanAccess, useCreate, useNotify, type RaRecord } from 'react-admin';
import { errorMessage } from '../../providers/http';
import { siteMonitorData } from './siteMonitor';

export const MONITOR_CREATED = 'Monitor created';
export const NOT_MONITORED = 'Not monitored';

/**
 * 'Monitor this site': one click creates an http monitor of the site. Those who may not create monitors
 * (VIEWER) only read 'Not monitored', as create buttons hide for them elsewhere.
 */
export const MonitorSiteButton = ({
  site,
  onCreated,
}: {
  site: RaRecord;
  onCreated: (m: RaRecord) => void;
}) => {
  const resource = resources.monitors.path;
  const { canAccess, isPending: checking } = useCanAccess({ resource, action: 'create' });
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const data = siteMonitorData(site);
  if (checking) return null;
  if (!canAccess || !data)
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {NOT_MONITORED}
      </Typography>
    );

  const monitor = (e: React.MouseEvent) => {
    e.stopPropagation();
    void create(
      resource,
      { data },
      {
        onSuccess: (created) => {
          notify(MONITOR_CREATED, { type: 'success' });
          onCreated(created);
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  };
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={monitor}
      disabled={isPending}
      startIcon={isPending ? <CircularProgress size={14} /> : <AddCircleOutline />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Monitor this site
    </Button>
  );
};
