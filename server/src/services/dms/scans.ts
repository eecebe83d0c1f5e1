import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';

/** What the deindex checker and the website scan record (read-only: written by their jobs). */
export const indexedHistoryResource = defineServerResource({ spec: resources.indexedHistory });
export const websitePagesResource = defineServerResource({ spec: resources.websitePages });
export const websiteLinksResource = defineServerResource({ spec: resources.websiteLinks });
