import type { MonitorType } from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';

export const TYPE_LABELS: Record<MonitorType, string> = { http: 'HTTP(s)', keyword: 'Keyword', ping: 'Ping' };

/** The status filter speaks the indicator's words (SPEC §4: anything but up or down is 'Not added yet'). */
export const STATUS_LABELS: Record<string, string> = { up: 'Up', down: 'Down', pending: 'Not added yet' };

export const CHANNEL_LABELS: Record<string, string> = {
  email: 'E-mail',
  sms: 'SMS',
  website: 'Website alert',
};

export const ALERT_STATE_LABELS: Record<string, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};
export const ALERT_STATE_COLORS: Record<string, ChipColor> = {
  pending: 'info',
  sent: 'success',
  failed: 'error',
};

/** Shown for a monitor without a gateway country. */
export const LOCAL_GATEWAY = 'Runs from this server';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'DE' → 'Germany (DE)'; an unknown code stays as it is. */
export function gatewayName(code: string): string {
  try {
    const name = regions.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    // not a region code at all: show what is stored
    return code;
  }
}
