import type { CommandArgument } from '@sitefleet/shared';
import type { ArgumentValue } from '../../providers/dataProvider';

export type ArgumentValues = Record<string, ArgumentValue | null>;

/** The run dialog's first values: each argument's default, unchecked boxes, empty inputs otherwise. */
export function defaultArguments(args: readonly CommandArgument[]): ArgumentValues {
  return Object.fromEntries(
    args.map((a) => [a.name, a.default ?? (a.kind === 'boolean' ? false : null)] as const),
  );
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * What the dialog sends: the filled values only (the server fills defaults in), whole numbers as numbers
 * (text that is not a number is sent as typed, for the server to refuse on its field).
 */
export function argumentsBody(
  args: readonly CommandArgument[],
  values: Record<string, unknown> | null | undefined,
): Record<string, ArgumentValue> {
  const out: Record<string, ArgumentValue> = {};
  for (const a of args) {
    const v = values?.[a.name];
    if (isBlank(v)) continue;
    if (a.kind === 'boolean') out[a.name] = v === true || v === 'true';
    else if (a.kind === 'integer') out[a.name] = Number.isFinite(Number(v)) ? Number(v) : String(v);
    else out[a.name] = String(v);
  }
  return out;
}
