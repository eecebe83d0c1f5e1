import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const roleFilters = screenFilters(resources.roles, ['name', 'description']);
