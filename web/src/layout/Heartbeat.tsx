import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { HEARTBEAT_SERVICES } from '@sitefleet/shared';
import { usePermissions } from 'react-admin';
import { formatTime } from '../common/format/dates';
import type { Permissions } from '../providers/permissions';
import { useHeartbeats } from './useHeartbeats';

const Dot = ({ ok }: { ok: boolean }) => (
  <Box
    component="span"
    sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: ok ? 'success.light' : 'error.light' }}
  />
);

const time = (value: number | null | undefined) => (value ? (formatTime(value, 'HH:mm:ss') ?? '—') : '—');

/** Admins see each service's heartbeat time in the top bar (SPEC §2.1, §6); polled while `enabled`. */
export const Heartbeat = ({ enabled = true }: { enabled?: boolean }) => {
  const { permissions } = usePermissions<Permissions>();
  const isAdmin = permissions?.isAdmin === true;
  const beats = useHeartbeats(isAdmin && enabled);
  // shown from the first answer on (each service's time, or a dash for one that did not answer)
  if (!isAdmin || Object.keys(beats).length === 0) return null;

  const rows = HEARTBEAT_SERVICES.map((service) => ({ service, value: beats[service] }));
  const summary = (
    <Stack spacing={0.5} sx={{ p: 0.5 }}>
      {rows.map(({ service, value }) => (
        <Typography key={service} variant="caption">
          {service}: {value ? formatTime(value) : 'no answer'}
        </Typography>
      ))}
    </Stack>
  );

  return (
    <>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ display: { xs: 'none', lg: 'flex' }, mr: 1 }}
        data-testid="heartbeats"
      >
        {rows.map(({ service, value }) => (
          <Tooltip
            key={service}
            title={value ? `${service} heartbeat: ${formatTime(value)}` : `${service}: no answer`}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Dot ok={Boolean(value)} />
              <Typography variant="caption" sx={{ opacity: 0.9, fontVariantNumeric: 'tabular-nums' }}>
                {service} {time(value)}
              </Typography>
            </Stack>
          </Tooltip>
        ))}
      </Stack>
      <Tooltip title={summary}>
        <IconButton
          color="inherit"
          size="small"
          sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          aria-label="Heartbeats"
        >
          <MonitorHeartOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
};
