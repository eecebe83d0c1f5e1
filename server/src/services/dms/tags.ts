import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';

export const tagsResource = defineServerResource({ spec: resources.tags });
