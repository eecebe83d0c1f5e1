import { filtersOf, type FilterSpec, type ResourceSpec } from '@sitefleet/shared';
import { choicesOf } from '../format/choices';
import type { Choice, FilterDef } from '../list/filters/types';
import { referenceOf } from './derive';

/** What a screen may add to a shared filter: how it is shown, never what it sends. */
export interface FilterLook {
  label?: string;
  quick?: boolean;
  /** Labels of the declared values (an enum's). */
  labels?: Readonly<Record<string, string>>;
  /** Known values of a text filter, offered as a select (the audit log's actions). */
  choices?: readonly Choice[];
  clean?: (text: string) => string;
}

/** A filter picked by its key, with how it looks: `'name'` or `['name', {quick: true}]`. */
export type FilterPick = string | readonly [string, FilterLook];

export function filterDef(spec: FilterSpec, look: FilterLook = {}): FilterDef {
  const ref = spec.reference ? referenceOf(spec.reference) : undefined;
  const choices = look.choices ?? (spec.values ? choicesOf(spec.values, look.labels) : undefined);
  return {
    source: spec.source,
    label: look.label ?? spec.label,
    kind: spec.kind,
    value: spec.value,
    ...(choices ? { choices } : {}),
    ...(ref ? { reference: ref.path, optionText: ref.optionText } : {}),
    ...(look.quick ? { quick: true } : {}),
    ...(look.clean ? { clean: look.clean } : {}),
  };
}

/**
 * A list's filters, drawn from the shared declaration: all of them in declaration order, or the picked ones
 * in the order given. A key the declaration does not offer is an error, so a screen can only offer a filter
 * the server accepts (server/test/filters.test.ts sends each one).
 */
export function screenFilters(spec: ResourceSpec, picks?: readonly FilterPick[]): FilterDef[] {
  const declared = filtersOf(spec);
  if (!picks) return declared.map((f) => filterDef(f));
  return picks.map((pick) => {
    const [source, look] = typeof pick === 'string' ? [pick, {}] : pick;
    const found = declared.find((f) => f.source === source);
    if (!found) throw new Error(`${spec.name} declares no filter "${source}"`);
    return filterDef(found, look);
  });
}
