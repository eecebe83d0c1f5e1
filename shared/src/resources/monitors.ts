import { MONITOR_GATEWAYS, MONITOR_LIMITS, MONITOR_STATUSES, MONITOR_TYPES } from '../constants.js';
import { defineResource } from '../fields.js';

/**
 * SPEC §3 Monitor (umms): what is checked (url, or a host/IP for ping), how (type, keyword value, timeout,
 * interval, retries) and who hears about a confirmed change. status, last_check, next_check and the
 * last check's outcome are written by the monitoring scheduler only. Updated with PATCH (SPEC §7.1).
 * Get-one adds up_down_changes (oldest first: status, time in epoch seconds, duration in seconds, message)
 * and uptime ratios over 24 h, 7 and 30 days.
 */
export const monitors = defineResource({
  name: 'monitors',
  service: 'umms',
  path: 'umms/api/v1/monitors',
  label: 'Monitors',
  titleField: 'friendly_name',
  defaultSort: { field: 'friendly_name', order: 'ASC' },
  operations: { patch: true },
  fields: {
    friendly_name: {
      kind: 'string',
      label: 'Name',
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    /** An http(s) URL for http and keyword monitors; a host name or IP address (or URL) for ping. */
    url: {
      kind: 'string',
      label: 'URL or IP',
      required: true,
      format: 'target',
      maxLength: 2048,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    type: { kind: 'enum', values: MONITOR_TYPES, required: true, filter: 'eq', sortable: true },
    /** The keyword a keyword monitor expects in the page (case-insensitive). */
    value: { kind: 'string', label: 'Keyword', maxLength: 500 },
    gateway: { kind: 'enum', values: MONITOR_GATEWAYS, label: 'Gateway country', filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq', sortable: true },
    retries: { kind: 'integer', min: 0, max: MONITOR_LIMITS.retriesMax, sortable: true },
    interval: {
      kind: 'integer',
      label: 'Interval (s)',
      min: MONITOR_LIMITS.intervalMin,
      max: MONITOR_LIMITS.intervalMax,
      sortable: true,
      filter: 'range',
    },
    timeout: {
      kind: 'integer',
      label: 'Timeout (s)',
      min: MONITOR_LIMITS.timeoutMin,
      max: MONITOR_LIMITS.timeoutMax,
    },
    paused: { kind: 'boolean', filter: 'eq' },
    alert_emails: { kind: 'strings', format: 'email', label: 'Alert e-mails' },
    alert_phone_numbers: { kind: 'strings', format: 'phone', label: 'Alert phone numbers' },
    status: {
      kind: 'enum',
      values: MONITOR_STATUSES,
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    /** When the current status began (epoch seconds). */
    status_since: { kind: 'timestamp', readOnly: true, sortable: true },
    last_check: { kind: 'timestamp', readOnly: true, sortable: true, filter: 'range' },
    next_check: { kind: 'timestamp', readOnly: true, sortable: true },
    /** What the last check saw: 'HTTP 200', 'Keyword not found', 'timed out after 15 s'. */
    last_message: { kind: 'string', readOnly: true },
    last_response_ms: { kind: 'integer', readOnly: true, sortable: true },
  },
});

/** One confirmed change of a monitor's status, as get-one lists it in up_down_changes (oldest first). */
export interface MonitorChange {
  status: 'up' | 'down';
  /** When it happened, epoch seconds. */
  time: number;
  /** Seconds the state lasted; for the last change, up to the server's now (ongoing). */
  duration: number;
  message: string | null;
}

/** Share of each window the monitor was up (0..1); null when the window holds no known status. */
export interface MonitorUptime {
  day: number | null;
  week: number | null;
  month: number | null;
}

/** One alert a change sent (get-one's alerts, newest first). */
export interface MonitorAlert {
  id: number;
  channel: 'email' | 'sms' | 'website';
  recipient: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  created_at: number;
  change_status: 'up' | 'down';
  change_at: number;
}
