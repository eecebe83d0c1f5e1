import { useStore } from 'react-admin';

/** The columns a user picked for a resource's list, kept in local storage (SPEC §2.7). */
export function useColumnChoice(resource: string) {
  return useStore<string[] | undefined>(`columns.${resource}`, undefined);
}
