import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ChoiceChip } from '../../common/fields/ChoiceChip';
import { TimeValue } from '../../common/fields/Values';
import { AlertRecipient } from './AlertRecipient';
import { ALERT_STATE_COLORS, ALERT_STATE_LABELS, CHANNEL_LABELS } from './labels';
import { Panel, PanelEmpty } from './Panel';
import { monitorIndicator } from './status';
import type { MonitorAlert } from './types';

const ICONS = { email: EmailOutlined, sms: SmsOutlined, website: LanguageOutlined };

const Channel = ({ channel }: { channel: MonitorAlert['channel'] }) => {
  const Icon = ICONS[channel] ?? EmailOutlined;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Icon fontSize="small" color="action" />
      <span>{CHANNEL_LABELS[channel] ?? channel}</span>
    </Stack>
  );
};

/** The latest 50 alerts the monitor's changes sent, newest first, with how each delivery went. */
export const AlertsPanel = ({ alerts }: { alerts: readonly MonitorAlert[] | undefined }) => (
  <Panel title="Alerts sent" aside={alerts && <Chip size="small" label={alerts.length} />}>
    {!alerts ? (
      <PanelEmpty>Loading…</PanelEmpty>
    ) : alerts.length === 0 ? (
      <PanelEmpty>No alerts sent yet.</PanelEmpty>
    ) : (
      <Box sx={{ overflowX: 'auto' }} data-testid="monitor-alerts">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>About</TableCell>
              <TableCell>Channel</TableCell>
              <TableCell>Recipient</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell>Error</TableCell>
              <TableCell>Sent</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {alerts.map((a) => (
              <TableRow key={a.id} data-testid="monitor-alert">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {monitorIndicator(a.change_status).label} at <TimeValue value={a.change_at} />
                </TableCell>
                <TableCell>
                  <Channel channel={a.channel} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <AlertRecipient alert={a} />
                </TableCell>
                <TableCell>
                  <ChoiceChip value={a.state} labels={ALERT_STATE_LABELS} colors={ALERT_STATE_COLORS} />
                </TableCell>
                <TableCell align="right">{a.attempts}</TableCell>
                <TableCell sx={{ color: 'error.main', maxWidth: 320, wordBreak: 'break-word' }}>
                  {a.last_error ?? ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {a.sent_at != null ? (
                    <TimeValue value={a.sent_at} />
                  ) : (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      queued <TimeValue value={a.created_at} />
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    )}
  </Panel>
);
