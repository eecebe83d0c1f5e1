import { resources, WEBSITE_STATUS_LABELS } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';
import { TYPE_LABELS } from './labels';

export const websiteFilters = screenFilters(resources.websites, [
  ['hostname', { quick: true }],
  'friendly_name',
  ['type', { labels: TYPE_LABELS }],
  ['status', { labels: WEBSITE_STATUS_LABELS }],
  'target_market',
  'user_id',
  ['tags', { label: 'Tag' }],
  'server_id',
  'ip_address_id',
  'repository_id',
  'has_captcha',
]);
