import { Type } from 'typebox';
import { Data, defineAction, IdParams } from './define.js';

/** Ends an account's sign-in lock before its window does (audited, under the privilege rule). */
export const unlockUser = defineAction({
  method: 'POST',
  path: 'ums/api/v1/users/:id/unlock',
  service: 'ums',
  summary: "End a user's sign-in lock (audited)",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Object({ id: Type.Integer(), locked_until: Type.Union([Type.Integer(), Type.Null()]) })),
});
