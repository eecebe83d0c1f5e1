/** Where a record says a secret is stored: `password` → `password_set`, `a.password` → `a.password_set`. */
export function secretFlagPath(source: string): string {
  return `${source}_set`;
}

export const MASK = '••••••••';
export const NOT_SET = 'Not set';
/** A revealed value hides itself again after this long. */
export const REVEAL_MS = 60_000;
