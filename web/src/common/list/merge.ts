/** The record suggested as the one to keep in a merge: the one with the highest count, else the first. */
export function defaultKeep<R extends Record<string, unknown>>(records: readonly R[], countSource?: string) {
  if (!countSource) return records[0];
  return records.reduce<R | undefined>(
    (best, r) =>
      best === undefined || Number(r[countSource] ?? 0) > Number(best[countSource] ?? 0) ? r : best,
    undefined,
  );
}
