import { Alert, Chip, Stack, Typography } from '@mui/material';
import { actions, type ActionResponse } from '@sitefleet/shared';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { formatTime } from '../../common/format/dates';
import { Section } from '../../common/record/Section';
import { useActionQuery } from '../../common/list/useActionQuery';
import { formatGb, formatMb, usedOf } from './format';
import { ServicesPanel } from './ServicesPanel';

const spec = actions.hosting.serverRuncloud;
type Facts = ActionResponse<typeof spec>['data'];

/** A value of a Section, which draws `label` above it. */
const Value = ({ children }: { label: string; children: ReactNode }) => (
  <Typography component="span" variant="body2">
    {children === null || children === undefined || children === '' ? <NAText /> : children}
  </Typography>
);

const yesNo = (v: boolean | null, yes: string, no: string) =>
  v === null ? null : (
    <Chip size="small" color={v ? 'success' : 'error'} variant="outlined" label={v ? yes : no} />
  );

const RunCloudFacts = ({ f }: { f: Facts }) => {
  const h = f.hardware;
  const x = f.health;
  const s = f.stats;
  return (
    <Stack spacing={2}>
      {f.last_error && (
        <Alert severity="warning" data-testid="runcloud-error">
          The last RunCloud read failed ({formatTime(f.last_error_at)}): {f.last_error}
        </Alert>
      )}
      <Section title="RunCloud" columns={4}>
        <Value label="RunCloud server">{f.name ? `${f.name} (#${f.runcloud_server_id})` : null}</Value>
        <Value label="IP address">{f.ip_address}</Value>
        <Value label="State">{yesNo(f.online, 'Online', 'Offline')}</Value>
        <Value label="Agent">
          {yesNo(f.connected, `Connected ${f.agent_version ?? ''}`, 'Disconnected')}
        </Value>
        <Value label="Operating system">{f.os}</Value>
        <Value label="PHP CLI">{f.php_cli_version}</Value>
        <Value label="Provider">{f.provider}</Value>
        <Value label="Last sync">{formatTime(f.synced_at)}</Value>
      </Section>
      <Section title="Counts" columns={5}>
        <Value label="Web applications">{s?.web_applications}</Value>
        <Value label="Databases">{s?.databases}</Value>
        <Value label="Cron jobs">{s?.cron_jobs}</Value>
        <Value label="Supervisor programs">{s?.supervisors}</Value>
        <Value label="Country">{s?.country}</Value>
      </Section>
      <Section title="Hardware" columns={4}>
        <Value label="Processor">
          {h ? `${h.processor_name ?? '?'} (${h.cpu_cores ?? '?'} cores)` : null}
        </Value>
        <Value label="Memory free">{h ? usedOf(h.memory_free_gb, h.memory_total_gb, formatGb) : null}</Value>
        <Value label="Disk free">{h ? usedOf(h.disk_free_gb, h.disk_total_gb, formatGb) : null}</Value>
        <Value label="Uptime">{h?.uptime}</Value>
        <Value label="Kernel">{h?.kernel_version}</Value>
        <Value label="Load average">{h?.load_average}</Value>
      </Section>
      <Section title="Health (latest sample)" columns={4}>
        <Value label="Memory used">{x ? usedOf(x.memory_used_mb, x.memory_total_mb, formatMb) : null}</Value>
        <Value label="Disk used">{x ? usedOf(x.disk_used_mb, x.disk_total_mb, formatMb) : null}</Value>
        <Value label="Load average">{x?.load_average}</Value>
        <Value label="Sampled">{x?.updated}</Value>
      </Section>
    </Stack>
  );
};

/**
 * A server's show tab Details (SPEC §2.5): what RunCloud says about it (status, counts, hardware, health, as the
 * last sync stored them) and its services, read live, with the restart-service action.
 */
export const ServerDetails = (_: { label?: false }) => {
  const record = useRecordContext();
  const id = record?.id;
  const facts = useActionQuery(spec, { params: { id: String(id) } }, { enabled: id !== undefined });
  if (!record) return null;
  const f = facts.data?.data;
  return (
    <Stack spacing={3} sx={{ width: '100%' }} data-testid="server-details">
      {f && !f.configured && (
        <Alert severity="info">
          RunCloud is not configured (RUNCLOUD_API_TOKEN): the figures are the last ones stored.
        </Alert>
      )}
      {f && f.runcloud_server_id === null && (
        <Alert severity="info">
          This server is not linked to RunCloud: set its RunCloud server ID, or run runcloud:sync.
        </Alert>
      )}
      {f && f.runcloud_server_id !== null && <RunCloudFacts f={f} />}
      <Stack spacing={1}>
        <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          Services
        </Typography>
        <ServicesPanel serverId={record.id} serverName={String(record.name ?? '')} />
      </Stack>
    </Stack>
  );
};
