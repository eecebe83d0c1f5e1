import { NOTIFICATION_TYPES, resources } from '@sitefleet/shared';
import { choicesOf } from '../../common/format/choices';
import type { FilterDef } from '../../common/list/filters/types';
import { TYPE_LABELS } from './labels';

/** SPEC §2.5, §9: type includes WARNING here (it can be filtered on, not sent). */
export const notificationFilters: FilterDef[] = [
  { source: 'title', label: 'Title', kind: 'text', quick: true },
  { source: 'type', label: 'Type', kind: 'select', choices: choicesOf(NOTIFICATION_TYPES, TYPE_LABELS) },
  {
    source: 'user_id',
    label: 'User',
    kind: 'reference',
    reference: resources.users.path,
    optionText: 'email',
  },
  {
    source: 'recipients',
    label: 'Role',
    kind: 'reference',
    reference: resources.roles.path,
    optionText: 'name',
  },
  {
    source: 'resolved',
    label: 'Resolved',
    kind: 'select',
    choices: choicesOf(['yes', 'no'], { yes: 'Yes', no: 'No' }),
  },
];
