import type { RaRecord } from 'react-admin';

import type { MonitorAlert, MonitorChange as StatusChange, MonitorUptime as Uptime } from '@sitefleet/shared';

export type { MonitorAlert, StatusChange, Uptime };

export interface MonitorDetail {
  changes: StatusChange[];
  uptime: Uptime;
  alerts: MonitorAlert[];
}

/**
 * The extras of a record, or undefined while only a list's copy of it is at hand (a list row carries
 * none of them; the page shows them once its own answer is in).
 */
export function detailOf(record: RaRecord | undefined): MonitorDetail | undefined {
  if (!record || !Array.isArray(record.up_down_changes)) return undefined;
  const uptime = (record.uptime ?? {}) as Partial<Uptime>;
  return {
    changes: record.up_down_changes as StatusChange[],
    uptime: { day: uptime.day ?? null, week: uptime.week ?? null, month: uptime.month ?? null },
    alerts: Array.isArray(record.alerts) ? (record.alerts as MonitorAlert[]) : [],
  };
}
