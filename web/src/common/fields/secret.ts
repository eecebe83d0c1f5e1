/** Where a record says a secret is stored: `password` → `password_set`, `a.password` → `a.password_set`. */
export function secretFlagPath(source: string): string {
  return `${source}_set`;
}

export const MASK = '••••••••';
export const NOT_SET = 'Not set';
/** A revealed value hides itself again after this long. */
export const REVEAL_MS = 60_000;

/** The permission route of a resource's reveal call, as the server names it. */
export function revealRoute(resource: string): string {
  return `${resource}/:id/reveal`;
}
