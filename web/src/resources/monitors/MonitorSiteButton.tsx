import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { Button, CircularProgress, DialogContentText, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useState } from 'react';
import { Confirm, useCanAccess, useCreate, useNotify, type RaRecord } from 'react-admin';
import { siteMonitorConfirmation, siteMonitorData, siteMonitorError } from './siteMonitor';

export const MONITOR_CREATED = 'Monitor created';
export const NOT_MONITORED = 'Not monitored';

/**
 * 'Monitor this site': after a confirmation naming the site and the check, creates an http monitor of
 * it. Those who may not create monitors (VIEWER) only read 'Not monitored', as create buttons hide for
 * them elsewhere.
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
  const [asking, setAsking] = useState(false);
  const data = siteMonitorData(site);
  if (checking) return null;
  if (!canAccess || !data)
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {NOT_MONITORED}
      </Typography>
    );

  const ask = (e: React.MouseEvent) => {
    // the row would open the site's page
    e.stopPropagation();
    setAsking(true);
  };
  const monitor = () =>
    void create(
      resource,
      { data },
      {
        onSuccess: (created) => {
          setAsking(false);
          notify(MONITOR_CREATED, { type: 'success' });
          onCreated(created);
        },
        onError: (error) => {
          setAsking(false);
          notify(siteMonitorError(error), { type: 'error' });
        },
      },
    );
  const confirmation = siteMonitorConfirmation(site, data);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={ask}
        disabled={isPending}
        startIcon={isPending ? <CircularProgress size={14} /> : <AddCircleOutline />}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Monitor this site
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        // nodes, not strings: a site's name is not a message key to translate
        title={<>{confirmation.title}</>}
        content={<DialogContentText>{confirmation.content}</DialogContentText>}
        confirm="Create monitor"
        onConfirm={monitor}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
