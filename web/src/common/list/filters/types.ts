export interface Choice {
  id: string | number;
  name: string;
}

/**
 * How a filter is entered and sent (SPEC §5 filter rules):
 * - text: the value as typed (substring match for search fields on the server)
 * - csv: comma-separated values → {where_in: [...]}
 * - select / reference: one value (for array fields the server reads it as "contains")
 * - boolean: Yes / No
 * - notNull: "is empty" / "is set" → {where_null: true} / {where_not_null: true}
 * - dateRange: from / to dates (YYYY-MM-DD) → {min, max} in epoch seconds
 */
export type FilterKind = 'text' | 'csv' | 'select' | 'reference' | 'boolean' | 'notNull' | 'dateRange';

export interface FilterDef {
  /** The filter key on the wire (usually the field name). */
  source: string;
  label: string;
  kind: FilterKind;
  choices?: readonly Choice[];
  /** For reference filters: the referenced resource and the field that names its records. */
  reference?: string;
  optionText?: string;
  /** Also shown in the quick filter bar above the list. */
  quick?: boolean;
  /** Normalises typed text before it is sent (e.g. a domain name without scheme and www). */
  clean?: (text: string) => string;
}

/** The full-text key every list's search box writes (ARCHITECTURE §3). */
export const SEARCH_KEY = 'q';

export type FormValue = string | { from?: string; to?: string } | null | undefined;
export type FormValues = Record<string, FormValue>;
