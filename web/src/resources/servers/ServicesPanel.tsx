import RestartAlt from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Typography } from '@mui/material';
import { actions, type ActionResponse } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, usePermissions } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { formatTime } from '../../common/format/dates';
import { ActionTable, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { ServiceChip } from './ServiceChip';

const read = actions.hosting.serverServices;
const restart = actions.hosting.restartServerService;
type Answer = ActionResponse<typeof read>;
type Service = Answer['data']['services'][number];
type Outcome = { ok: true; text: string; service: Service | null } | { ok: false; text: string };

const raw = (v: string | null) => (v ? v : <NAText />);
const right = { ...TOP, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Where the list came from, in words. */
function sourceText(a: Answer['data']): string {
  const at = formatTime(a.read_at);
  if (a.source === 'runcloud') return `Read from RunCloud just now (${at ?? ''}).`;
  return [a.message, a.source === 'snapshot' && at ? `Stored read of ${at}.` : null]
    .filter(Boolean)
    .join(' ');
}

/**
 * The Details tab's services (SPEC §7.4): read from RunCloud when the tab opens, each with a Restart that asks
 * for confirmation, calls RunCloud through the server and shows its answer (IT and ADMIN only).
 */
export const ServicesPanel = ({
  serverId,
  serverName,
}: {
  serverId: number | string;
  serverName: string;
}) => {
  const key = ['servers', String(serverId), 'services'];
  const query = useActionQuery(read, { params: { id: String(serverId) } }, { queryKey: key });
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<Permissions>();
  const allowed = mayCall(permissions ?? NO_PERMISSIONS, restart);
  const [asked, setAsked] = useState<Service | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const res = await callAction(restart, {
        params: { id: String(serverId) },
        body: { realName: asked.realName, action: 'restart' },
      });
      queryClient.setQueryData<Answer>(key, { data: res.data.services });
      setOutcome({ ok: true, text: res.data.message, service: res.data.service });
    } catch (error) {
      setOutcome({ ok: false, text: `${asked.realName} was not restarted: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const columns: Array<ActionColumn<Service>> = [
    {
      label: 'Service',
      sx: TOP,
      sortBy: (s) => s.name,
      render: (s) => (
        <>
          <Typography variant="body2">{s.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {s.realName}
          </Typography>
        </>
      ),
    },
    {
      label: 'Status',
      render: (s) => <ServiceChip running={s.running} />,
      sx: TOP,
      sortBy: (s) => (s.running ? 1 : 0),
    },
    { label: 'CPU', render: (s) => raw(s.cpu), sx: right, sortBy: (s) => s.cpu_percent },
    { label: 'Memory', render: (s) => raw(s.memory), sx: right, sortBy: (s) => s.memory_mb },
    { label: 'Version', render: (s) => raw(s.version), sx: TOP },
    ...(allowed
      ? [
          {
            label: 'Action',
            sx: TOP,
            render: (s: Service) => (
              <Button
                size="small"
                startIcon={<RestartAlt />}
                onClick={() => setAsked(s)}
                aria-label={`Restart ${s.realName}`}
              >
                Restart
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box sx={{ width: '100%' }} data-testid="server-services">
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          onClose={() => setOutcome(null)}
          sx={{ mb: 1 }}
          data-testid="restart-result"
        >
          {outcome.text}
          {outcome.ok &&
            outcome.service &&
            ` ${outcome.service.name} is ${outcome.service.running ? 'running' : 'stopped'}.`}
        </Alert>
      )}
      {query.data && (
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', display: 'block', mb: 1 }}
          data-testid="services-source"
        >
          {sourceText(query.data.data)}
        </Typography>
      )}
      <ActionTable
        query={query}
        rows={(a: Answer) => a.data.services}
        columns={columns}
        rowKey={(s) => s.slug}
        label="Services"
        empty="No services known for this server."
        rowTestId="server-service"
      />
      <Confirm
        isOpen={asked !== null}
        loading={busy}
        title={`Restart ${asked?.name ?? ''}?`}
        content={`RunCloud restarts ${asked?.realName ?? ''} on ${serverName}. Its sites may answer slowly or fail for a few seconds.`}
        confirm="Restart"
        onConfirm={() => void confirm()}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
};
