import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { notificationFilters } from './filters';
import {
  IMPORTANCE_COLORS,
  IMPORTANCE_LABELS,
  RESOLVED_COLORS,
  RESOLVED_LABELS,
  SEND_NOTIFICATION,
  TYPE_COLORS,
  TYPE_LABELS,
} from './labels';

const columns = screenColumns(resources.notifications, [
  'title',
  col.choice('type', 'Type', TYPE_LABELS, TYPE_COLORS),
  'user_id',
  'recipients',
  'website_id',
  col.choice('importance', 'Importance', IMPORTANCE_LABELS, IMPORTANCE_COLORS),
  col.choice('resolved', 'Resolved', RESOLVED_LABELS, RESOLVED_COLORS),
  'created_at',
  col.link('link', 'Link', { hidden: true }),
  ['created_by', { hidden: true }],
  ['id', { hidden: true }],
]);

export const NotificationList = () => (
  <ResourceList
    columns={columns}
    filters={notificationFilters}
    createLabel={SEND_NOTIFICATION}
    smallScreen={['title', 'type', 'created_at']}
  />
);
