import { LinearProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { Show, useRecordContext } from 'react-admin';
import { DateCards } from '../../common/record/DateCards';
import { RecordTitle } from '../../common/record/RecordTitle';
import { ShowActions } from '../../common/record/ShowActions';
import { AlertsPanel } from './AlertsPanel';
import { ChangesTable } from './ChangesTable';
import { MonitorOverview } from './MonitorOverview';
import { Panel } from './Panel';
import { CheckNowButton } from './CheckNowButton';
import { PauseButton } from './PauseButton';
import { StatusTimeline, WindowToggle } from './StatusTimeline';
import { nowSeconds, type WindowKey } from './timeline';
import { detailOf } from './types';
import { UptimeCards } from './UptimeCards';

/** The page follows the checks: it reloads every minute. */
const RELOAD_MS = 60_000;

const MonitorDetail = () => {
  const record = useRecordContext();
  const [span, setSpan] = useState<WindowKey>('day');
  if (!record) return null;
  const detail = detailOf(record);
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <MonitorOverview />
      <UptimeCards uptime={detail?.uptime} />
      <Panel title="Status timeline" aside={<WindowToggle value={span} onChange={setSpan} />}>
        {detail ? (
          <Stack spacing={2} sx={{ pb: 1 }}>
            <Stack sx={{ px: 2 }}>
              <StatusTimeline changes={detail.changes} window={span} now={nowSeconds()} />
            </Stack>
            <ChangesTable changes={detail.changes} />
          </Stack>
        ) : (
          <LinearProgress sx={{ mx: 2, mb: 2 }} />
        )}
      </Panel>
      <AlertsPanel alerts={detail?.alerts} />
    </Stack>
  );
};

/** A monitor (SPEC §2.5, §4): its status and settings, uptime, the up/down timeline and the alerts sent. */
export const MonitorShow = () => (
  <Show
    title={<RecordTitle />}
    actions={
      <ShowActions
        extra={
          <>
            <CheckNowButton />
            <PauseButton />
          </>
        }
      />
    }
    queryOptions={{ refetchInterval: RELOAD_MS }}
  >
    <DateCards />
    <MonitorDetail />
  </Show>
);
