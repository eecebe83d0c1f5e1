import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { isIP } from 'node:net';
import { AppError, badRequest, invalid } from '../core/errors.js';
import { MAX_ITEMS, MAX_STRING } from '../core/hostile.js';
import { installInputGuard } from './input-guard.js';

// Both packages are CommonJS: the default import is module.exports, which carries itself as `default` too
// (the class and the plugin, as TypeScript's NodeNext types them).
const AjvCtor = Ajv.default;
const addFormatsFn = addFormats.default;

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Must be a valid e-mail address',
  uri: 'Must be a url',
  'web-url': 'Must be a url',
  link: 'Must be an http(s) URL or a console link starting with #/',
  ip: 'Must be an IP address',
};

/** A link a notification opens: an absolute http(s) URL, or a console route (`#/dms/...`). */
export function isLink(value: string): boolean {
  if (value.startsWith('#/')) return !/[\s<>"'`]/.test(value);
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** An http(s) URL; the scheme may be left out (it is shown with http:// prepended, SPEC §5). */
export function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  try {
    const u = new URL(withScheme);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      (u.hostname.includes('.') || u.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}

function makeAjv(coerce: boolean) {
  const ajv = new AjvCtor({
    allErrors: !coerce,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: false,
    strict: false,
  });
  addFormatsFn(ajv);
  ajv.addFormat('ip', (value: string) => isIP(value) !== 0);
  ajv.addFormat('web-url', isWebUrl);
  ajv.addFormat('link', isLink);
  return ajv;
}

const bodyAjv = makeAjv(false);
const paramsAjv = makeAjv(true);

/** Field-level message for one schema failure, worded for the person filling the form. */
function message(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'Required';
    case 'type':
      return e.data === null
        ? 'Required'
        : `Must be ${String(p.type)
            .replace(',null', '')
            .replace(/^(integer|number)$/, 'a number')
            .replace(/^(string)$/, 'text')
            .replace(/^(boolean)$/, 'true or false')
            .replace(/^(array)$/, 'a list')
            .replace(/^(object)$/, 'an object')}`;
    case 'minLength':
      return p.limit === 1 ? 'Required' : `Must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters`;
    case 'minItems':
      return p.limit === 1 ? 'Required' : `Choose at least ${String(p.limit)}`;
    case 'maxItems':
    case 'maxProperties':
      return `Choose at most ${String(p.limit)}`;
    case 'minProperties':
      return p.limit === 1 ? 'Required' : `Choose at least ${String(p.limit)}`;
    case 'enum':
      return e.data === null
        ? 'Required'
        : `Must be one of: ${(p.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`;
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? `Must be a valid ${String(p.format)}`;
    case 'minimum':
      return `Must be at least ${String(p.limit)}`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}`;
    case 'additionalProperties':
      return 'Unknown field';
    case 'uniqueItems':
      return 'Contains duplicates';
    case 'pattern':
      return String(p.pattern).includes('u0000') ? 'Contains a NUL character' : 'Has an invalid format';
    default:
      return e.message ?? 'Is not valid';
  }
}

function fieldName(e: ErrorObject): string {
  const path = e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  if (e.keyword === 'required') return String((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties') {
    return String((e.params as { additionalProperty: string }).additionalProperty);
  }
  return path || '_';
}

export function toAppError(errors: ErrorObject[], part: string): AppError {
  if (part === 'body') {
    const fields: Record<string, string> = {};
    for (const e of errors) {
      const name = fieldName(e);
      fields[name] ??= message(e);
    }
    if (fields._) return badRequest(`The request body ${fields._.toLowerCase()}`);
    return invalid(fields);
  }
  const e = errors[0]!;
  const name = fieldName(e);
  const what =
    name === 'id' && e.keyword === 'pattern' ? 'must be a positive whole number' : message(e).toLowerCase();
  return badRequest(
    `${part === 'params' ? 'path' : part === 'querystring' ? 'query' : part} parameter ${name}: ${what}`,
  );
}

type Schema = Record<string, unknown>;

function hasType(s: Schema, type: string): boolean {
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

/**
 * A copy of a schema in which every string and list without a declared bound gets the house one, so no
 * route takes unbounded text or lists by omission. The document keeps the route's own schema.
 */
export function withDefaultBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDefaultBounds);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // enum, const and examples hold data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'examples' ? value : withDefaultBounds(value);
  }
  if (hasType(out, 'string') && out.maxLength === undefined) out.maxLength = MAX_STRING;
  if (hasType(out, 'array') && out.maxItems === undefined) out.maxItems = MAX_ITEMS;
  return out;
}

/** Checks data against a body schema exactly as a request body is checked; answers its field errors or null. */
export function compileBodyCheck(schema: object): (data: unknown) => Record<string, string> | null {
  const validate = bodyAjv.compile(withDefaultBounds(schema) as object);
  return (data) => {
    if (validate(data)) return null;
    const err = toAppError(validate.errors ?? [], 'body');
    return err.fields ?? { _: err.message };
  };
}

/** Bodies are validated strictly (no coercion, every error reported); query and path values are coerced. */
export function installValidation(app: FastifyInstance): void {
  installInputGuard(app);
  const compiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : paramsAjv;
    const validate = ajv.compile(withDefaultBounds(schema) as object);
    return (data: unknown) => {
      if (validate(data)) return { value: data };
      return { error: toAppError(validate.errors ?? [], httpPart ?? 'body') };
    };
  };
  app.setValidatorCompiler(compiler);
}
