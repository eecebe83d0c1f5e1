import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
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

const columns: ColumnDef[] = [
  col.text('title', 'Title'),
  col.choice('type', 'Type', TYPE_LABELS, TYPE_COLORS),
  col.reference('user_id', 'User', resources.users.path, 'email'),
  col.reference('recipients', 'Recipients (role)', resources.roles.path),
  col.reference('website_id', 'Website', resources.websites.path, 'hostname'),
  col.choice('importance', 'Importance', IMPORTANCE_LABELS, IMPORTANCE_COLORS),
  col.choice('resolved', 'Resolved', RESOLVED_LABELS, RESOLVED_COLORS),
  col.time('created_at', 'Created at'),
  col.link('link', 'Link', { hidden: true }),
  col.reference('created_by', 'Sent by', resources.users.path, 'email', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const NotificationList = () => (
  <ResourceList
    columns={columns}
    filters={notificationFilters}
    createLabel={SEND_NOTIFICATION}
    smallScreen={['title', 'type', 'created_at']}
  />
);
