import type { RecordFor, resources, TaskStatus } from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';

/** A task as the list returns it: its fields plus the names the server joins in for the board's cards. */
export type TaskRecord = RecordFor<typeof resources.tasks> & {
  website_hostname?: string | null;
  assignee_name?: string | null;
  assignee_picture?: string | null;
};

export const TASK_STATUS_COLORS: Record<TaskStatus, ChipColor> = {
  DRAFT: 'default',
  NOT_PLUCKED: 'info',
  IN_PROGRESS: 'primary',
  COMPLETED: 'secondary',
  REJECTED: 'error',
  APPROVED: 'success',
  ARCHIVED: 'default',
};

/** The two letters of a name's avatar ("Marta Kowalski" → "MK"). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?'
  );
}

/** Now, in epoch seconds (what due dates are compared with). */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
