/**
 * The import action a CSV import declaration (../imports.ts) defines, with its TypeBox schemas: a module of
 * its own so that the console, which reads the declarations as plain data, never loads TypeBox for them.
 */
import { Type, type Static } from 'typebox';
import { IMPORT_CELL_MAX, type ImportSpec } from '../imports.js';
import { Data, defineAction, Nullable } from './define.js';

export const ImportRowResult = Type.Object({
  /** The row's position in the call's `rows`. */
  index: Type.Integer(),
  /** created (or, in a dry run, would be), exists (stored already, or repeats an earlier row), error. */
  status: Type.Union([Type.Literal('created'), Type.Literal('exists'), Type.Literal('error')]),
  id: Nullable(Type.Integer()),
  /** The earlier row of the same call this one repeats. */
  duplicate_of: Nullable(Type.Integer()),
  message: Nullable(Type.String()),
  /** Field errors by column key. */
  fields: Type.Record(Type.String(), Type.String()),
});
export type ImportRowResult = Static<typeof ImportRowResult>;

export const ImportResponse = Data(
  Type.Object({
    dry_run: Type.Boolean(),
    created: Type.Integer(),
    existing: Type.Integer(),
    errors: Type.Integer(),
    results: Type.Array(ImportRowResult),
  }),
);

/**
 * The import action of a declaration: `POST {resource path}/import`, holding the create permission of the
 * resource (whoever may create one record may import many), its body the declared columns as text.
 */
export function defineImport<const S extends ImportSpec>(spec: S) {
  const cell = Type.Optional(Nullable(Type.String({ maxLength: IMPORT_CELL_MAX })));
  const row = Type.Object(Object.fromEntries(Object.keys(spec.columns).map((k) => [k, cell])), {
    additionalProperties: false,
  });
  const action = defineAction({
    method: 'POST',
    path: `${spec.resource.path}/import`,
    service: spec.resource.service,
    summary: `Import up to ${spec.maxRows} ${spec.words.many} from CSV rows (dry run or commit); rows already stored are left untouched`,
    access: 'permission',
    permissionAs: { method: 'POST', path: spec.resource.path },
    bodyLimit: 8 * 1024 * 1024,
    body: Type.Object(
      {
        /** Check every row and answer what would happen; nothing is written. */
        dry_run: Type.Optional(Type.Boolean()),
        rows: Type.Array(row, { maxItems: spec.maxRows }),
      },
      { additionalProperties: false },
    ),
    response: ImportResponse,
  });
  return { ...action, import: spec };
}

export type ImportAction = ReturnType<typeof defineImport<ImportSpec>>;
