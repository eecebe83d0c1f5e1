import { localStorageStore, type Store } from 'react-admin';

/** Preferences that outlive a session: the sidebar state and each list's chosen columns (SPEC §2.7). */
export const KEPT_PREFIXES = ['sidebar.', 'columns.'];

/**
 * react-admin's local-storage store, except that sign-out (which resets the store) keeps the
 * preferences above.
 */
export function createStore(): Store {
  const base = localStorageStore('1', 'Sitefleet');
  return {
    ...base,
    reset() {
      const kept = KEPT_PREFIXES.flatMap((prefix) => Object.entries(base.listItems?.(prefix) ?? {}));
      base.reset();
      for (const [key, value] of kept) base.setItem(key, value);
    },
  };
}
