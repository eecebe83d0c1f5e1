import {
  Box,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, type Identifier } from 'react-admin';
import { TimeValue } from '../../common/fields/Values';
import { NoRows } from '../../common/list/NoRows';
import { ItemLink } from '../../layout/bell/ItemLink';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import type { Resolved, WebsiteAlert } from '../../providers/messaging';
import { IMPORTANCE_COLORS, IMPORTANCE_LABELS } from '../notifications/labels';
import { ResolvedSwitch } from '../notifications/ResolvedSwitch';
import { SafeHtml } from '../notifications/SafeHtml';

/** SPEC §8. */
export const ALERTS_ERROR = 'Error fetching alerts';

const alertsKey = (websiteId: Identifier | undefined) => ['website-alerts', String(websiteId)];

const Importance = ({ value }: { value: string | null }) =>
  value ? (
    <Chip
      size="small"
      label={IMPORTANCE_LABELS[value] ?? value}
      color={IMPORTANCE_COLORS[value] ?? 'default'}
      data-testid="alert-importance"
    />
  ) : null;

/** The website's alerts, newest first, each resolved or reopened from here (SPEC §4, §7.7). */
export const WebsiteAlerts = (_: { label: false }) => {
  const websiteId = useRecordContext()?.id;
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const { data, isPending, isError } = useQuery({
    queryKey: alertsKey(websiteId),
    queryFn: () => dataProvider.websiteAlerts(websiteId!),
    enabled: websiteId !== undefined,
    // one retry, so a failure is reported within a couple of seconds
    retry: 1,
  });
  useEffect(() => {
    if (isError) notify(ALERTS_ERROR, { type: 'error' });
  }, [isError, notify]);

  const resolve = async (alert: WebsiteAlert, resolved: Resolved) => {
    if (websiteId === undefined) return;
    setBusy(alert.id);
    try {
      const updated = await dataProvider.resolveWebsiteAlert(websiteId, alert.id, resolved, alert.version);
      queryClient.setQueryData<WebsiteAlert[]>(alertsKey(websiteId), (list) =>
        list?.map((a) => (a.id === updated.id ? { ...a, ...updated } : a)),
      );
      // the site's open-alert count (its Alerts / Errors chip) has changed
      await queryClient.invalidateQueries({ queryKey: [resources.websites.path, 'getOne'] });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (isPending && websiteId !== undefined) return <LinearProgress />;
  if (!data?.length) return <NoRows />;
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }} data-testid="website-alerts">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Alert</TableCell>
            <TableCell>Importance</TableCell>
            <TableCell>Raised</TableCell>
            <TableCell>Resolved</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((alert) => (
            <TableRow key={alert.id} data-testid="website-alert" data-resolved={alert.resolved}>
              <TableCell sx={{ maxWidth: 560 }}>
                <Typography variant="subtitle2">{alert.title}</Typography>
                <SafeHtml html={alert.message} />
                <ItemLink link={alert.link} onOpen={() => undefined} />
              </TableCell>
              <TableCell>
                <Importance value={alert.importance} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TimeValue value={alert.created_at} />
              </TableCell>
              <TableCell>
                <ResolvedSwitch
                  resolved={alert.resolved}
                  disabled={busy === alert.id}
                  onChange={(value) => void resolve(alert, value)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
