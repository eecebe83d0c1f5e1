import { ENVIRONMENTS } from '@sitefleet/shared';
import { labelsOf } from '../../common/format/choices';

/** SPEC §9: 'local' is labelled Staging. */
export const ENVIRONMENT_LABELS = labelsOf(ENVIRONMENTS);
