import { Type, type Static } from 'typebox';
import { Data, defineAction, IdParams, Nullable } from './define.js';

/** Ends an account's sign-in lock before its window does (audited, under the privilege rule). */
export const unlockUser = defineAction({
  method: 'POST',
  path: 'ums/api/v1/users/:id/unlock',
  service: 'ums',
  summary: "End a user's sign-in lock (audited)",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Object({ id: Type.Integer(), locked_until: Nullable(Type.Integer()) })),
});

export const LoginResponse = Type.Object({ access_token: Type.String(), expires_in: Type.Integer() });
export type LoginResponse = Static<typeof LoginResponse>;

/** POST /ums/auth/login: e-mail and password, as JSON or as form fields. */
export const login = defineAction({
  method: 'POST',
  path: 'ums/auth/login',
  service: 'ums',
  summary: 'Sign in with e-mail and password (JSON or form fields)',
  access: 'public',
  consumes: ['application/json', 'application/x-www-form-urlencoded'],
  body: Type.Object({
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 1024 }),
  }),
  response: LoginResponse,
});

/** POST /ums/auth/logout: ends every session of the signed-in user. */
export const logout = defineAction({
  method: 'POST',
  path: 'ums/auth/logout',
  service: 'ums',
  summary: 'End every session of the signed-in user',
  access: 'user',
  response: Data(Type.Object({ logged_out: Type.Boolean() })),
});

const Me = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  last_name: Nullable(Type.String()),
  email: Type.String(),
  picture: Nullable(Type.String()),
  full_roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** route → method → true (SPEC §6: grouped by route, then method). */
  full_permissions: Type.Record(Type.String(), Type.Record(Type.String(), Type.Boolean())),
});

export type Me = Static<typeof Me>;

/** GET /users/me: the signed-in user with roles and permissions. */
export const me = defineAction({
  method: 'GET',
  path: 'ums/api/v1/users/me',
  service: 'ums',
  summary: 'The signed-in user with roles and permissions grouped by route, then method',
  access: 'user',
  response: Data(Me),
});

/** GET /users/update-last-login: records the time of the sign-in (a GET, as the API has always had it). */
export const updateLastLogin = defineAction({
  method: 'GET',
  path: 'ums/api/v1/users/update-last-login',
  service: 'ums',
  summary: 'Record the time of the last sign-in',
  access: 'user',
  response: Data(Type.Object({ last_login: Type.Integer() })),
});

/** GET /users/{id}/refresh-token: a new access token for the signed-in user (password sessions). */
export const refreshToken = defineAction({
  method: 'GET',
  path: 'ums/api/v1/users/:id/refresh-token',
  service: 'ums',
  summary: 'A new access token for the signed-in user',
  access: 'user',
  params: IdParams,
  response: LoginResponse,
});

export const STEP_UP_SECONDS = 300;

/** POST /ums/auth/step-up: the password (or a fresh Google sign-in) again, before secrets are revealed. */
export const stepUp = defineAction({
  method: 'POST',
  path: 'ums/auth/step-up',
  service: 'ums',
  summary: `Confirm your password (or a fresh Google ID token) to reveal secrets for ${STEP_UP_SECONDS / 60} minutes in this session`,
  access: 'user',
  // Exactly one proof.
  body: Type.Object(
    {
      password: Type.Optional(Type.String({ maxLength: 1024 })),
      id_token: Type.Optional(Type.String({ maxLength: 8192 })),
    },
    { minProperties: 1, maxProperties: 1, additionalProperties: false },
  ),
  response: Data(Type.Object({ valid_until: Type.Integer() })),
});
