/**
 * SPEC §2.5: attachments are hidden unless the list is filtered by type. The rule is a filter every read
 * adds (the server's `exclude_type`) while no type is chosen; choosing one lists exactly that type.
 */
export function postsFilter(filterValues: Record<string, unknown> | undefined): Record<string, unknown> {
  const type = filterValues?.type;
  const typed = type !== undefined && type !== null && type !== '';
  return typed ? {} : { exclude_type: 'attachment' };
}
