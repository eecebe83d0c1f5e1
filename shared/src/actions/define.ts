/**
 * Custom routes (actions) declared once, as data: method, path, the schemas of params, query, body and
 * response, who may call it and what its permission lets a user do. The server registers the route from
 * the declaration (Fastify schema, access rule, OpenAPI entry, typed handler); the console calls it through
 * one typed client function. No path or response shape is written a second time.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { PermissionKind } from '../constants.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anyone; any signed-in user; or users whose roles hold the route's (method, path) permission. */
export type ActionAccess = 'public' | 'user' | 'permission';

export interface ActionSpec {
  method: HttpMethod;
  /** Without the leading slash, with `:name` segments: `dms/api/v1/domains/:id/refresh`. */
  path: string;
  service: string;
  summary: string;
  access: ActionAccess;
  /** What the permission lets a user do; by default a GET reads and anything else writes. */
  kind?: PermissionKind;
  /** Check this route's permission instead of one of its own (a POST that only reads). */
  permissionAs?: { method: HttpMethod; path: string };
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The body of a success answer. */
  response: TSchema;
  /** The success status (default 200). */
  status?: 200 | 201;
  /** Request body types other than JSON (a multipart upload); the OpenAPI entry lists them. */
  consumes?: readonly string[];
  /** The answer's media type when it is not JSON (a text file, an image). */
  produces?: string;
  /** The largest body accepted, in bytes, when it differs from the server's default. */
  bodyLimit?: number;
}

export function defineAction<const S extends ActionSpec>(spec: S): S {
  return spec;
}

type Part<S, K extends 'params' | 'query' | 'body'> =
  S extends Record<K, infer T extends TSchema> ? Static<T> : undefined;

export type ActionParams<S extends ActionSpec> = Part<S, 'params'>;
export type ActionQuery<S extends ActionSpec> = Part<S, 'query'>;
export type ActionBody<S extends ActionSpec> = Part<S, 'body'>;
export type ActionResponse<S extends ActionSpec> = Static<S['response']>;

/** What a caller passes: only the parts the action declares. */
export type ActionInput<S extends ActionSpec> = (S extends Record<'params', TSchema>
  ? { params: ActionParams<S> }
  : { params?: undefined }) &
  (S extends Record<'query', TSchema> ? { query: ActionQuery<S> } : { query?: undefined }) &
  (S extends Record<'body', TSchema> ? { body: ActionBody<S> } : { body?: undefined });

/** The path with its `:name` segments filled in and escaped. */
export function actionPath(spec: Pick<ActionSpec, 'path'>, params?: Record<string, unknown>): string {
  return spec.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${spec.path}: parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A record id in a path: the canonical decimal form the server accepts. */
export const IdParam = Type.String({ pattern: '^[1-9][0-9]{0,15}$' });
export const IdParams = Type.Object({ id: IdParam });

/** `{data: T}`, the envelope of every success answer. */
export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

/** A nullable value. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * What every call that starts a run answers: the run's id as `data.id` (SPEC §7.5 deindex) and as
 * `cron_id` (the others).
 */
export const RunStarted = Type.Object({
  cron_id: Type.Integer(),
  data: Type.Object({ id: Type.Integer() }),
});

/** A job's output line (SPEC §3 job_output), as refresh and run answers carry them. */
export const JobItem = Type.Object({
  output: Type.Object({ message: Type.String() }, { additionalProperties: true }),
});
