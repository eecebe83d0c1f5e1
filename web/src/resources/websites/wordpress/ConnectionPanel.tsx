import LinkOff from '@mui/icons-material/LinkOff';
import Sync from '@mui/icons-material/Sync';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { actions, resources } from '@sitefleet/shared';
import { useState } from 'react';
import {
  Confirm,
  Labeled,
  RecordContextProvider,
  useDelete,
  useNotify,
  usePermissions,
  type RaRecord,
} from 'react-admin';
import { ChoiceChip } from '../../../common/fields/ChoiceChip';
import { RecordValue } from '../../../common/fields/RecordValue';
import { Section } from '../../../common/record/Section';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { canDo, mayCall, NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';
import { useStartRun } from '../../cron-jobs/useStartRun';
import { STATE_COLORS, STATE_LABELS } from '../../wp-sites/columns';
import { coreUpdateText, NEEDS_COMPANION } from './companion';
import { GeneratorEntry } from './GeneratorEntry';

const Companion = ({ connection }: { connection: RaRecord }) =>
  connection.companion ? (
    <Typography variant="body2">
      Installed{connection.companion_version ? ` (${String(connection.companion_version)})` : ''}
    </Typography>
  ) : (
    <Box>
      <Typography variant="body2">Not installed. Without it these do not work:</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }} data-testid="needs-companion">
        {NEEDS_COMPANION.map((what) => (
          <li key={what}>{what}</li>
        ))}
      </Box>
    </Box>
  );

/** The connection's state, what the last sync read, and what can be done with it. */
export const ConnectionPanel = ({
  websiteId,
  connection,
  onChanged,
}: {
  websiteId: number | string;
  connection: RaRecord;
  /** Read the connection again (after a disconnect or a generator change). */
  onChanged: () => void;
}) => {
  const { permissions } = usePermissions<Permissions>();
  const perms = permissions ?? NO_PERMISSIONS;
  const notify = useNotify();
  const startRun = useStartRun('dms');
  const [syncing, setSyncing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending: removing }] = useDelete();

  const sync = async () => {
    setSyncing(true);
    await startRun(async () => {
      const res = await callAction(actions.wordpress.syncFleet, { body: { ids: [Number(websiteId)] } });
      return res.cron_id;
    });
    setSyncing(false);
  };
  const disconnect = () =>
    remove(
      resources.wpSites.path,
      { id: connection.id, previousData: connection },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('WordPress disconnected', { type: 'info' });
          onChanged();
        },
        onError: (error) => {
          setConfirming(false);
          notify(errorMessage(error), { type: 'error' });
        },
      },
    );
  const state = String(connection.state ?? '');

  return (
    <RecordContextProvider value={connection}>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}
        data-testid="wp-connection"
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <ChoiceChip value={state} labels={STATE_LABELS} colors={STATE_COLORS} />
          <Box sx={{ flexGrow: 1 }} />
          {mayCall(perms, actions.wordpress.syncFleet) && (
            <Button
              size="small"
              onClick={sync}
              disabled={syncing}
              startIcon={syncing ? <CircularProgress size={16} /> : <Sync />}
            >
              Sync now
            </Button>
          )}
          {canDo(perms, resources.wpSites.path, 'delete') && (
            <Button size="small" color="error" startIcon={<LinkOff />} onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          )}
        </Box>
        {typeof connection.last_error === 'string' && connection.last_error && (
          <Alert severity={state === 'error' ? 'error' : 'warning'} data-testid="wp-last-error">
            Last error: {connection.last_error}
          </Alert>
        )}
        <Section label={false}>
          <RecordValue source="url" label="URL" kind="link" />
          <RecordValue source="core_version" label="WordPress" />
          <RecordValue source="php_version" label="PHP" />
          <RecordValue source="database_version" label="Database" />
          <RecordValue source="theme" label="Active theme" />
          <Labeled label="Core update">
            <Typography variant="body2" data-testid="wp-core-update">
              {coreUpdateText(connection)}
            </Typography>
          </Labeled>
          <RecordValue source="plugin_updates" label="Plugin updates pending" />
          <RecordValue source="theme_updates" label="Theme updates pending" />
          <RecordValue source="last_sync_at" label="Last sync" kind="time" />
          <RecordValue source="generator" label="Public generator version" />
          <RecordValue source="username" label="User" />
          <Labeled label="Companion">
            <Companion connection={connection} />
          </Labeled>
        </Section>
        {mayCall(perms, actions.wordpress.updateGenerator) && (
          <GeneratorEntry websiteId={websiteId} current={connection.generator} onChanged={onChanged} />
        )}
      </Box>
      <Confirm
        isOpen={confirming}
        loading={removing}
        title="Disconnect WordPress?"
        content="Sitefleet forgets this site's credentials and stops syncing it. The site itself is not changed."
        confirm="Disconnect"
        onConfirm={disconnect}
        onClose={() => setConfirming(false)}
      />
    </RecordContextProvider>
  );
};
