import { useState, type ReactNode } from 'react';
import { BulkActionsToolbar, useListContext } from 'react-admin';

/**
 * react-admin's bulk actions toolbar, mounted once the user first selects a row: until then a list draws
 * no toolbar, no bulk buttons and no confirmation dialogs (it mounts them collapsed otherwise, in each
 * list's first render and again when its rows arrive). Once mounted it stays, and collapses as usual.
 */
export const SelectionToolbar = ({ children }: { children: ReactNode }) => {
  const { selectedIds } = useListContext();
  const [used, setUsed] = useState(false);
  const selected = (selectedIds?.length ?? 0) > 0;
  if (selected && !used) setUsed(true);
  return selected || used ? <BulkActionsToolbar>{children}</BulkActionsToolbar> : null;
};
