import type { CustomFilterSpec, FieldFilterKind } from './filters.js';

/**
 * The field vocabulary of resource declarations. A resource's wire shape is declared once here (shared),
 * read by the server's engine (SQL, validation, OpenAPI) and by the console (inputs, choices, required).
 */

export type FieldKind =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'timestamp'
  | 'enum'
  | 'json'
  | 'reference'
  | 'references'
  | 'strings'
  | 'secret';

export interface FieldSpec {
  kind: FieldKind;
  label?: string;
  required?: boolean;
  /** Set by the server only; refused on create and update. */
  readOnly?: boolean;
  /** Accepted on write, never returned (passwords). */
  writeOnly?: boolean;
  /** Stored with AES-256-GCM; never returned in lists, get-one or exports; revealed on an explicit call. */
  secret?: boolean;
  unique?: boolean;
  /** Allowed values of an enum field, or of each item of a strings field. */
  values?: readonly (string | number)[];
  /** Values accepted on write when narrower than `values` (the rest only appear in stored data and filters). */
  writeValues?: readonly (string | number)[];
  /**
   * With writeValues: the other values are refused with this field message (saying why) instead of the
   * schema's list of allowed values; a record keeping the value it has is not refused.
   */
  closedValueMessage?: (value: string | number) => string;
  /** Resource name referred to by reference / references fields. */
  reference?: string;
  /**
   * For reference fields: only records with these field values may be referred to (a GA property's money
   * site: `{ type: 'MONEY' }`), with the message a refused one gets. The console's picker offers only those.
   */
  referenceWhere?: { match: Readonly<Record<string, string>>; message: string };
  /**
   * 'domain': a domain name the server normalises (scheme, www and case stripped; Punycode kept).
   * 'link': an absolute http(s) URL or a console route starting with #/ (what a notification opens).
   * 'target': an http(s) URL, or a host name or IP address (what a monitor checks; its type decides).
   * 'phone': a phone number in E.164 form (+4915112345678).
   * On a strings field the format applies to each item.
   */
  format?: 'email' | 'url' | 'hostname' | 'ip' | 'domain' | 'link' | 'target' | 'phone';
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  /** How the field can be filtered (the vocabulary of filters.ts). */
  filter?: FieldFilterKind;
  sortable?: boolean;
  /** Included in the `q` search across the resource. */
  searchable?: boolean;
  /** For json fields: keys inside the object that are secrets (remote_desktop.password). */
  secretKeys?: readonly string[];
  /**
   * For json fields with secret keys: every other key the object may hold, each a plain scalar. Any key
   * declared in neither list is refused, so a secret can never hide under an undeclared or nested key.
   */
  plainKeys?: readonly string[];
  /**
   * For json fields: an object from ids of `reference` records to whole numbers from `min` to `max`, at most
   * `maxKeys` of them (a rank watch: keyword id to position). With `sameAs`, only records whose field of that
   * name holds this record's value of it are accepted (the keywords of the notification's own domain).
   */
  mapOf?: { reference: string; sameAs?: string; min: number; max: number; maxKeys: number };
}

export type Fields = Record<string, FieldSpec>;

export interface ResourceSpec<F extends Fields = Fields> {
  /** Short name, used for the table, folder and messages: `tags`. */
  name: string;
  /** Service prefix of SPEC §1. */
  service: 'dms' | 'ums' | 'nms' | 'umms' | 'analytics' | 'mms';
  /** URL path without leading slash, also the console's resource name: `dms/api/v1/tags`. */
  path: string;
  label: string;
  /** The field that names a record in pickers, breadcrumbs and messages. */
  titleField: string;
  fields: F;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Filters the server implements with SQL of its own, by key (a field's name or another word). */
  customFilters?: Record<string, CustomFilterSpec>;
  /**
   * The console's default list columns, in order. Without it: every returned field but long text, JSON and
   * secrets, then Created at and Updated at.
   */
  columns?: readonly string[];
  /**
   * The resource's records also belong to one record of another resource (a domain's notifications): besides
   * its own routes, the engine serves them under the parent's path, `{parent path}/{id}/{segment}` (list and
   * create) and `…/{segment}/{itemId}` (update and delete), with `field` set from and checked against `{id}`.
   */
  nested?: { parent: string; field: string; segment: string };
  /** Operations the resource offers; defaults to all. */
  operations?: {
    create?: boolean;
    update?: boolean;
    delete?: boolean;
    /** PATCH instead of PUT (SPEC §7.1, monitors). */
    patch?: boolean;
  };
}

export function defineResource<F extends Fields>(spec: ResourceSpec<F>): ResourceSpec<F> {
  return spec;
}

type ValueOf<S extends FieldSpec> = S['kind'] extends 'integer' | 'number' | 'timestamp' | 'reference'
  ? number
  : S['kind'] extends 'boolean'
    ? boolean
    : S['kind'] extends 'references'
      ? number[]
      : S['kind'] extends 'strings'
        ? string[]
        : S['kind'] extends 'json'
          ? Record<string, unknown>
          : string;

type IsSecret<S extends FieldSpec> = S['kind'] extends 'secret'
  ? true
  : S['secret'] extends true
    ? true
    : false;

/**
 * The record type a declaration describes, as the API returns it: no write-only field, and a secret only as
 * its `<name>_set` presence flag.
 */
export type RecordOf<F extends Fields> = {
  [K in keyof F as F[K]['writeOnly'] extends true ? never : IsSecret<F[K]> extends true ? never : K]:
    ValueOf<F[K]> | (F[K]['required'] extends true ? never : null);
} & {
  [
    K in keyof F as F[K]['writeOnly'] extends true
      ? never
      : IsSecret<F[K]> extends true
        ? `${K & string}_set`
        : never
  ]: boolean;
} & { id: number; created_at: number; updated_at: number; version: number };

/** The record type of a declaration: `RecordFor<typeof resources.envs>`. */
export type RecordFor<S extends { fields: Fields }> = RecordOf<S['fields']>;

/** The unique, searchable, sortable name most resources are listed by. */
export function nameField(maxLength = 100) {
  return {
    kind: 'string',
    required: true,
    unique: true,
    maxLength,
    filter: 'search',
    sortable: true,
    searchable: true,
  } as const satisfies FieldSpec;
}
