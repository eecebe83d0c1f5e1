import type { ChipColor } from '../../common/fields/ChoiceChip';

/** Status chips: live green, on its way blue or orange, deleted red, bypassed plain. */
export const STATUS_COLORS: Record<string, ChipColor> = {
  LIVE: 'success',
  QUEUED_FOR_DEPLOYMENT: 'info',
  PENDING_DEVELOPMENT: 'warning',
  DELETED: 'error',
};

export const TYPE_LABELS: Record<string, string> = {
  MONEY: 'Money',
  DIRECTORY: 'Directory',
  LINK: 'Link',
  SERVICE: 'Service',
  THIRD_PARTY: 'Third party',
};
