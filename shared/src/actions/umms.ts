import { Type } from 'typebox';
import { Data, defineAction, IdParams } from './define.js';

/** POST /monitors/{id}/check: an operator's 'check now', run by the scheduler within its next look. */
export const checkMonitor = defineAction({
  method: 'POST',
  path: 'umms/api/v1/monitors/:id/check',
  service: 'umms',
  summary: 'Check the monitor now instead of at its next slot',
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: Data(Type.Object({ check_requested_at: Type.Integer() })),
});
