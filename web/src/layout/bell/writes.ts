import type { QueryClient } from '@tanstack/react-query';

const resourceOf = (variables: unknown): unknown =>
  variables && typeof variables === 'object' ? (variables as { resource?: unknown }).resource : undefined;

/**
 * Calls `onWrite` after each successful create, update or delete of `resource` made through react-admin
 * anywhere in the console. Its mutations carry the resource in their variables (the call's own, which
 * may differ from the hook's) and in their key. Returns the unsubscribe.
 */
export function onResourceWrite(queryClient: QueryClient, resource: string, onWrite: () => void): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.mutation.options.mutationKey;
    const written = resourceOf(event.mutation.state.variables) ?? (Array.isArray(key) ? key[0] : undefined);
    if (written === resource) onWrite();
  });
}
