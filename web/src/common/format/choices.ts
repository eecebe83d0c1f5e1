import type { Choice } from '../list/filters/types';

/** Choices of an enumeration for selects and filters, labelled when labels are given. */
export function choicesOf(
  values: readonly (string | number)[],
  labels?: Readonly<Record<string, string>>,
): Choice[] {
  return values.map((v) => ({ id: v, name: labels?.[String(v)] ?? String(v) }));
}

/** `[{id, name}]` (ENVIRONMENTS) → `{id: name}` for chips and exports. */
export function labelsOf(choices: ReadonlyArray<{ id: string; name: string }>): Record<string, string> {
  return Object.fromEntries(choices.map((c) => [c.id, c.name]));
}
