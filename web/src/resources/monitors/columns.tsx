import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import { LOCAL_GATEWAY, TYPE_LABELS, gatewayName } from './labels';
import { MonitorStatus } from './MonitorStatus';
import { MonitorTarget } from './MonitorTarget';
import { monitorIndicator } from './status';
import { formatDuration, nowSeconds } from './timeline';
import { TimeSince } from './TimeSince';

type Row = Record<string, unknown>;
const seconds = (value: unknown) => formatDuration(value);
const ms = (value: unknown) => (typeof value === 'number' ? `${value} ms` : null);

/** SPEC §2.5 monitors list; the other fields are in the column chooser. */
export const monitorColumns = screenColumns(resources.monitors, [
  {
    source: 'friendly_name',
    label: 'Name',
    render: (r) => <TextValue value={r.friendly_name || r.url} />,
  },
  { source: 'url', label: 'URL or IP', render: (r) => <MonitorTarget url={r.url} /> },
  col.choice('type', 'Type', TYPE_LABELS),
  {
    source: 'status',
    label: 'Status',
    render: (r) => <MonitorStatus status={r.status} paused={r.paused} />,
    exportValue: (r: Row) => monitorIndicator(r.status).label + (r.paused === true ? ' (paused)' : ''),
  },
  {
    source: 'status_since',
    label: 'Since',
    render: (r) => <TimeSince value={r.status_since} kind="for" />,
    exportValue: (r: Row) =>
      r.status_since == null ? null : formatDuration(nowSeconds() - Number(r.status_since)),
  },
  {
    source: 'interval',
    label: 'Interval',
    align: 'right',
    render: (r) => <TextValue value={seconds(r.interval)} />,
  },
  {
    source: 'last_check',
    label: 'Last check',
    render: (r) => <TimeSince value={r.last_check} />,
  },
  'website_id',
  {
    source: 'last_response_ms',
    label: 'Response',
    align: 'right',
    render: (r) => <TextValue value={ms(r.last_response_ms)} />,
  },
  ['next_check', { hidden: true }],
  ['last_message', { hidden: true }],
  {
    source: 'gateway',
    label: 'Gateway',
    hidden: true,
    render: (r) => <TextValue value={r.gateway ? gatewayName(String(r.gateway)) : LOCAL_GATEWAY} />,
  },
  ['retries', { hidden: true }],
  {
    source: 'timeout',
    label: 'Timeout',
    hidden: true,
    align: 'right',
    render: (r) => <TextValue value={seconds(r.timeout)} />,
  },
  ['paused', { hidden: true }],
  ['alert_emails', { hidden: true }],
  ['alert_phone_numbers', { hidden: true }],
  ['created_at', { hidden: true }],
  ['id', { hidden: true }],
]);
