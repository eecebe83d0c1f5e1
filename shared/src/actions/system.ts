import { Type } from 'typebox';
import { HEARTBEAT_SERVICES } from '../constants.js';
import { defineAction, Nullable } from './define.js';

/** GET /version.txt: the console build being served, polled by the new-version dialog. */
export const version = defineAction({
  method: 'GET',
  path: 'version.txt',
  service: 'health',
  summary: 'The version of the console being served',
  access: 'public',
  produces: 'text/plain',
  response: Type.String(),
});

/** GET /config.json: what the console needs before sign-in. */
export const config = defineAction({
  method: 'GET',
  path: 'config.json',
  service: 'health',
  summary: 'Public settings the console needs before sign-in',
  access: 'public',
  response: Type.Object({
    google_client_id: Nullable(Type.String()),
    allowed_google_domains: Type.Array(Type.String()),
    version: Type.String(),
  }),
});

type HeartbeatService = (typeof HEARTBEAT_SERVICES)[number];

const heartbeatOf = <const S extends HeartbeatService>(service: S) =>
  defineAction({
    method: 'GET',
    path: `${service}/health/heartbeat`,
    service: 'health',
    summary: `Heartbeat of ${service}: epoch seconds`,
    access: 'public',
    // data: the service's clock once its database answers; node: the runtime the process really uses.
    response: Type.Object({ data: Type.Integer(), node: Type.String() }),
  });

/** GET /{ms}/health/heartbeat of every service (SPEC §7.2), generated from HEARTBEAT_SERVICES. */
export const heartbeat = Object.fromEntries(HEARTBEAT_SERVICES.map((s) => [s, heartbeatOf(s)])) as {
  [S in HeartbeatService]: ReturnType<typeof heartbeatOf<S>>;
};
