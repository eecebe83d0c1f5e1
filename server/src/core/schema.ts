import type { FieldSpec } from '@sitefleet/shared';
import { LIMITS } from '@sitefleet/shared';
import type { ResourceModel } from './resource.js';

export type JsonSchema = Record<string, unknown>;

const META = ['id', 'created_at', 'updated_at', 'version'] as const;

/** The JSON schema of one field's value (without null). */
const NO_NUL = '^[^\\u0000]*$';

export function fieldSchema(f: FieldSpec): JsonSchema {
  const base: JsonSchema = f.label ? { description: f.label } : {};
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'secret':
      return {
        ...base,
        type: 'string',
        maxLength: f.maxLength ?? (f.kind === 'text' ? 65_535 : f.kind === 'secret' ? 4096 : 255),
        ...(f.minLength ? { minLength: f.minLength } : {}),
        // PostgreSQL text cannot hold U+0000: refuse it as invalid input instead of failing the write.
        pattern: NO_NUL,
        ...stringFormat(f),
      };
    case 'integer':
    case 'reference':
      return {
        ...base,
        type: 'integer',
        ...(f.kind === 'reference' ? { minimum: 1 } : {}),
        maximum: Number.MAX_SAFE_INTEGER,
        ...range(f),
      };
    case 'timestamp':
      return { ...base, type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
    case 'number':
      return { ...base, type: 'number', ...range(f) };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'enum':
      return { ...base, enum: [...(f.values ?? [])] };
    case 'json':
      // The keys (record ids) are checked by the engine: OpenAPI 3.0 has no propertyNames.
      if (f.mapOf)
        return {
          ...base,
          type: 'object',
          additionalProperties: { type: 'integer', minimum: f.mapOf.min, maximum: f.mapOf.max },
          ...(f.required ? { minProperties: 1 } : {}),
          maxProperties: f.mapOf.maxKeys,
        };
      return f.secretKeys?.length
        ? { ...base, ...secretObjectSchema(f, 'write') }
        : { ...base, type: 'object', additionalProperties: true };
    case 'references':
      return {
        ...base,
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        maxItems: LIMITS.maxPerPage,
        uniqueItems: true,
      };
    case 'strings':
      return {
        ...base,
        type: 'array',
        // Items are checked loosely here (a stray space or dash is the server hook's to fix); strict
        // formats are left to the resource's own checks, which answer with the offending item.
        items: f.values
          ? { enum: [...f.values] }
          : { type: 'string', maxLength: f.maxLength ?? 255, pattern: NO_NUL },
        maxItems: 1000,
        uniqueItems: true,
      };
  }
}

const PLAIN_VALUE = { type: ['string', 'number', 'boolean', 'null'], maxLength: 20_000, pattern: NO_NUL };

/**
 * A JSON object holding secrets: only its declared keys, each a scalar, so nothing undeclared or nested is
 * ever stored in plain text. Written, it takes its secrets and their presence flags (sent back as read);
 * read, it carries only the flags, so a value stored before this rule existed is still never returned.
 */
function secretObjectSchema(f: FieldSpec, mode: 'read' | 'write'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const k of f.plainKeys ?? []) properties[k] = PLAIN_VALUE;
  for (const k of f.secretKeys ?? []) {
    if (mode === 'write') properties[k] = { type: ['string', 'null'], maxLength: 4096, pattern: NO_NUL };
    properties[`${k}_set`] = { type: 'boolean' };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** JSON-schema formats of the declared string formats; the rest are checked by code (domain, target, phone). */
function stringFormat(f: FieldSpec): JsonSchema {
  switch (f.format) {
    case 'url':
      return { format: 'web-url' };
    case 'email':
    case 'hostname':
    case 'ip':
    case 'link':
      return { format: f.format };
    default:
      return {};
  }
}

function range(f: FieldSpec): JsonSchema {
  return {
    ...(f.min !== undefined ? { minimum: f.min } : {}),
    ...(f.max !== undefined ? { maximum: f.max } : {}),
  };
}

function nullable(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.enum)) return { ...s, enum: [...(s.enum as unknown[]), null] };
  return { ...s, type: [s.type as string, 'null'] };
}

/** What the API returns for one record; fast-json-stringify drops anything not named here. */
export function recordSchema(model: ResourceModel): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'integer' },
    created_at: { type: 'integer' },
    updated_at: { type: 'integer' },
    version: { type: 'integer' },
  };
  for (const c of model.outputColumns) {
    const f = model.fields[c]!;
    properties[c] = nullable(f.secretKeys?.length ? secretObjectSchema(f, 'read') : fieldSchema(f));
  }
  for (const s of model.secretFields) properties[`${s}_set`] = { type: 'boolean' };
  for (const [c, def] of Object.entries(model.computed)) {
    properties[c] =
      def.kind === 'object'
        ? { type: ['object', 'null'], additionalProperties: true }
        : { type: [def.kind, 'null'] };
  }
  return { type: 'object', properties };
}

/**
 * The body of a create or update. Read-only, meta and computed values are accepted (a console sends back
 * what it read) and ignored; any other unknown field is refused.
 */
export function bodySchema(model: ResourceModel, mode: 'create' | 'update'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(model.fields)) {
    if (f.readOnly) {
      properties[name] = {};
      continue;
    }
    // A field whose closed values carry a message takes every value here; the engine refuses the closed ones.
    let s = fieldSchema(f.writeValues && !f.closedValueMessage ? { ...f, values: f.writeValues } : f);
    if (f.required) {
      if (s.type === 'string' && !s.minLength) s = { ...s, minLength: 1 };
      if (s.type === 'array') s = { ...s, minItems: 1 };
      if (mode === 'create') required.push(name);
    } else {
      s = nullable(s);
    }
    properties[name] = s;
  }
  for (const m of META) properties[m] = m === 'version' ? { type: 'integer', minimum: 1 } : {};
  for (const s of model.secretFields) properties[`${s}_set`] = {};
  for (const c of Object.keys(model.computed)) properties[c] = {};
  // OpenAPI 3.0 requires a non-empty `required` list when present.
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

export const listQuerySchema: JsonSchema = {
  type: 'object',
  properties: {
    sortBy: { type: 'string', maxLength: 64 },
    sortOrder: { type: 'string', maxLength: 4 },
    page: { type: 'string', maxLength: 10 },
    perPage: { type: 'string', maxLength: 10 },
    filter: { type: 'string', maxLength: 100_000 },
    statistics: { type: 'string', maxLength: 10 },
    after: {
      type: 'string',
      maxLength: 4000,
      description: 'meta.cursors.last of the page before: the next page, read by keyset (send page=p+1 too)',
    },
    before: {
      type: 'string',
      maxLength: 4000,
      description:
        'meta.cursors.first of the page after: the previous page, read by keyset (send page=p-1 too)',
    },
    exact: { type: 'string', enum: ['true', 'false'], description: 'count the total exactly, however large' },
  },
  additionalProperties: false,
};

/** The meta of a list page: its total, how far to trust it, and its keyset cursors. */
export const listMetaSchema: JsonSchema = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    totalKind: {
      type: 'string',
      enum: ['exact', 'estimate', 'atLeast'],
      description: `exact; estimate (the planner's, nothing narrows the list); atLeast (more than ${LIMITS.exactTotalMax} match)`,
    },
    cursors: {
      type: ['object', 'null'],
      properties: { first: { type: 'string' }, last: { type: 'string' } },
      required: ['first', 'last'],
    },
  },
  required: ['total', 'totalKind', 'cursors'],
};

export const idParamsSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
  required: ['id'],
};

export const idsQuerySchema: JsonSchema = {
  type: 'object',
  properties: { ids: { type: 'string', pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,4999}$' } },
  required: ['ids'],
  additionalProperties: false,
};

export const getManyBodySchema: JsonSchema = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: ['integer', 'string'] }, maxItems: LIMITS.maxPerPage },
  },
  required: ['ids'],
  additionalProperties: false,
};

export const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};
