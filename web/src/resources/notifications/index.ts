import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { SEND_NOTIFICATION } from './labels';

/** SPEC §1 lists notifications among the tools, so they sit in the 'SEO and Tools' group. */
export const notifications = defineScreens(resources.notifications, {
  icon: NotificationsOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./NotificationList'), 'NotificationList'),
  show: lazyScreen(() => import('./NotificationShow'), 'NotificationShow'),
  inputs: () => import('./NotificationInputs').then((m) => m.NotificationInputs),
  createTitle: SEND_NOTIFICATION,
});
