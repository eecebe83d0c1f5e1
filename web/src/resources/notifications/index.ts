import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** SPEC §1 lists notifications among the tools, so they sit in the 'SEO and Tools' group. */
export const notifications: ResourceDef = {
  name: resources.notifications.path,
  label: resources.notifications.label,
  icon: NotificationsOutlined,
  group: 'SEO and Tools',
  recordRepresentation: 'title',
  list: lazyScreen(() => import('./NotificationList'), 'NotificationList'),
  show: lazyScreen(() => import('./NotificationShow'), 'NotificationShow'),
  edit: lazyScreen(() => import('./NotificationEdit'), 'NotificationEdit'),
  create: lazyScreen(() => import('./NotificationCreate'), 'NotificationCreate'),
};
