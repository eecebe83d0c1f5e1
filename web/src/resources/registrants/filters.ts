import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const registrantFilters = screenFilters(resources.registrants, [['registrant_name', { quick: true }]]);
