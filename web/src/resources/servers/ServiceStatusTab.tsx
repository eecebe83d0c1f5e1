import { Box, Card, FormControlLabel, Switch, Typography } from '@mui/material';
import { actions, resources, type ActionResponse } from '@sitefleet/shared';
import { useState } from 'react';
import { Title } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { RecordLink } from '../../common/fields/RecordLink';
import { formatTime } from '../../common/format/dates';
import { ActionTable, NOWRAP_TOP, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { ServiceChip } from './ServiceChip';

const spec = actions.hosting.serviceStatus;
type Answer = ActionResponse<typeof spec>;
type ServerStatus = Answer['data'][number];
type Service = ServerStatus['services'][number];

interface Row {
  key: string;
  server: ServerStatus;
  service: Service | null;
}

/** One row per server and service; a server RunCloud was never read for gets one row saying so. */
export function serviceRows(servers: readonly ServerStatus[], stoppedOnly: boolean): Row[] {
  return servers.flatMap((server): Row[] => {
    const services = stoppedOnly ? server.services.filter((s) => !s.running) : server.services;
    if (!server.services.length)
      return stoppedOnly ? [] : [{ key: `${server.server_id}`, server, service: null }];
    return services.map((service) => ({ key: `${server.server_id}:${service.slug}`, server, service }));
  });
}

const raw = (v: string | null | undefined) => (v ? v : <NAText />);
const right = { ...TOP, textAlign: 'right', whiteSpace: 'nowrap' } as const;

const COLUMNS: Array<ActionColumn<Row>> = [
  {
    label: 'Server',
    render: (r) => (
      <RecordLink resource={resources.servers.path} id={r.server.server_id} text={r.server.name} />
    ),
    sx: TOP,
    sortBy: (r) => r.server.name,
  },
  {
    label: 'Service',
    sx: TOP,
    sortBy: (r) => r.service?.name,
    render: (r) =>
      r.service ? (
        <>
          <Typography variant="body2">{r.service.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {r.service.realName}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {r.server.runcloud_server_id === null ? 'Not linked to RunCloud' : 'No services read yet'}
        </Typography>
      ),
  },
  {
    label: 'Status',
    sx: TOP,
    sortBy: (r) => (r.service ? (r.service.running ? 1 : 0) : null),
    render: (r) => (r.service ? <ServiceChip running={r.service.running} /> : <NAText />),
  },
  { label: 'CPU', render: (r) => raw(r.service?.cpu), sx: right, sortBy: (r) => r.service?.cpu_percent },
  { label: 'Memory', render: (r) => raw(r.service?.memory), sx: right, sortBy: (r) => r.service?.memory_mb },
  { label: 'Version', render: (r) => raw(r.service?.version), sx: TOP },
  {
    label: 'Read',
    sx: NOWRAP_TOP,
    sortBy: (r) => r.server.read_at,
    render: (r) => formatTime(r.server.read_at) ?? <NAText />,
  },
];

/**
 * The servers list's Service Status tab (SPEC §2.5): each server's services as RunCloud reported them at the
 * last sync (nginx, PHP-FPM versions, MariaDB, Redis, supervisord…), running or stopped, CPU, memory, version.
 */
export const ServiceStatusTab = () => {
  const query = useActionQuery(spec, {});
  const [stoppedOnly, setStoppedOnly] = useState(false);
  return (
    <Card sx={{ borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
      <Title title="Servers · Service Status" />
      <Box sx={{ px: 2, pt: 1, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch checked={stoppedOnly} onChange={(_, on) => setStoppedOnly(on)} />}
          label="Stopped only"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          As RunCloud reported them at the last sync (runcloud:sync, hourly); a server&apos;s Details tab
          reads them live.
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <ActionTable
          query={query}
          rows={(a: Answer) => serviceRows(a.data, stoppedOnly)}
          columns={COLUMNS}
          rowKey={(r) => r.key}
          label="Service status per server"
          empty={stoppedOnly ? 'Every service is running.' : 'No servers.'}
          rowTestId="service-status-row"
          padded
        />
      </Box>
    </Card>
  );
};
