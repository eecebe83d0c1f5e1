import Refresh from '@mui/icons-material/Refresh';
import { actions } from '@sitefleet/shared';
import { useEffect, useRef } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import type { SitefleetDataProvider } from '../../providers/dataProvider';

/** When the page reloads after asking: the scheduler looks for requests every 2 s, a check takes a moment. */
const RELOADS_MS = [2_500, 5_000, 10_000];

/** 'Check now': the scheduler checks the monitor at its next look instead of at its next slot. */
export const CheckNowButton = () => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  const { record, allowed, busy, run } = useRecordAction(actions.umms.checkMonitor);
  if (!allowed || record?.paused === true) return null;

  const check = async () => {
    const done = await run(async (id) => {
      await dataProvider.checkMonitor(id);
      return true;
    });
    if (!done) return;
    notify('Check requested: the result shows in a few seconds', { type: 'info' });
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = RELOADS_MS.map((ms) => window.setTimeout(refresh, ms));
  };
  return <ActionButton label="Check now" icon={<Refresh />} busy={busy} onClick={() => void check()} />;
};
