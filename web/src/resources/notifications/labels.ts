import type { ChipColor } from '../../common/fields/ChoiceChip';

export const SEND_NOTIFICATION = 'Send new notification';

export const TYPE_COLORS: Record<string, ChipColor> = { INFO: 'info', WARNING: 'warning', ALERT: 'error' };
export const TYPE_LABELS: Record<string, string> = { INFO: 'Info', WARNING: 'Warning', ALERT: 'Alert' };

export const IMPORTANCE_COLORS: Record<string, ChipColor> = {
  high: 'error',
  normal: 'warning',
  low: 'default',
};
export const IMPORTANCE_LABELS: Record<string, string> = { high: 'High', normal: 'Normal', low: 'Low' };

/** Resolved only means something for alerts, so 'no' stays plain. */
export const RESOLVED_LABELS: Record<string, string> = { yes: 'Yes', no: 'No' };
export const RESOLVED_COLORS: Record<string, ChipColor> = { yes: 'success' };
