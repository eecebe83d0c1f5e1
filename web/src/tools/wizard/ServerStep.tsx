import {
  Alert,
  Chip,
  FormHelperText,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { WizardServerOption } from './types';
import { required, useInput } from 'react-admin';
import { NA } from '../../common/format/text';
import { diverseIps, serverUsable } from './diversity';
import { StepForm } from './StepForm';
import type { StepProps } from './stepProps';

const HEADERS = ['', 'IP', 'Sites on IP', 'Subnet', 'Sites in subnet', 'Provider', 'Location'];

/** The IPs of every server, one radio each; an IP picked picks its server too. */
const ServerIpInput = ({
  servers,
  freshInstall,
}: {
  servers: readonly WizardServerOption[];
  freshInstall: boolean | null;
}) => {
  const ip = useInput({ source: 'ip_address_id', validate: required() });
  const server = useInput({ source: 'server_id' });
  const recommended = diverseIps(servers, freshInstall);
  const error = ip.fieldState.error?.message ?? server.fieldState.error?.message;
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label="Servers and IP addresses">
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {servers.map((s) => {
            const usable = serverUsable(s, freshInstall);
            return [
              <TableRow key={`server-${s.id}`} data-testid={`wizard-server-${s.id}`}>
                <TableCell colSpan={HEADERS.length} sx={{ bgcolor: 'action.hover' }}>
                  <Typography variant="subtitle2" component="span">
                    {s.name}
                  </Typography>
                  <Typography variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                    {s.websites} sites · {s.runcloud ? 'linked to RunCloud' : 'not linked to RunCloud'}
                  </Typography>
                  {!usable && (
                    <Typography variant="caption" sx={{ ml: 1, color: 'warning.main' }}>
                      A fresh install needs a server linked to RunCloud.
                    </Typography>
                  )}
                </TableCell>
              </TableRow>,
              ...s.ip_addresses.map((a) => {
                const best = usable && recommended.has(a.id);
                return (
                  <TableRow
                    key={`ip-${a.id}`}
                    data-testid={`wizard-ip-${a.id}`}
                    data-recommended={best ? 'true' : undefined}
                    selected={ip.field.value === a.id}
                    sx={best ? { bgcolor: 'success.light', '& td': { fontWeight: 600 } } : undefined}
                  >
                    <TableCell padding="checkbox">
                      <Radio
                        checked={ip.field.value === a.id}
                        disabled={!usable}
                        onChange={() => {
                          ip.field.onChange(a.id);
                          server.field.onChange(s.id);
                        }}
                        slotProps={{ input: { 'aria-label': `${a.ip} on ${s.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {a.ip}
                      {best && (
                        <Chip size="small" color="success" label="Fewest sites in subnet" sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                    <TableCell>{a.sites}</TableCell>
                    <TableCell>{a.subnet}</TableCell>
                    <TableCell>{a.subnet_sites}</TableCell>
                    <TableCell>{a.provider ?? NA}</TableCell>
                    <TableCell>{a.location ?? NA}</TableCell>
                  </TableRow>
                );
              }),
            ];
          })}
        </TableBody>
      </Table>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
};

/** Step 7: where the site will live; the IPs whose subnet hosts the fewest of the network's sites stand out. */
export const ServerStep = ({ draft, wizard }: StepProps) => {
  const { servers } = draft.options;
  const fresh = draft.choices.fresh_install;
  return (
    <StepForm
      wizard={wizard}
      sources={['server_id', 'ip_address_id']}
      defaultValues={{ server_id: draft.choices.server_id, ip_address_id: draft.choices.ip_address_id }}
      toInput={(v) => ({
        ...(typeof v.server_id === 'number' ? { server_id: v.server_id } : {}),
        ...(typeof v.ip_address_id === 'number' ? { ip_address_id: v.ip_address_id } : {}),
      })}
    >
      {servers.length === 0 ? (
        <Alert severity="warning">No server with an IP address is recorded: add one, then reload.</Alert>
      ) : (
        <ServerIpInput servers={servers} freshInstall={fresh} />
      )}
    </StepForm>
  );
};
