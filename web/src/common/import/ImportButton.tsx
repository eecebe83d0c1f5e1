import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import type { ImportAction } from '@sitefleet/shared';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { ImportDialog } from './ImportDialog';

/**
 * A list toolbar's Import button for a declared import (shared/src/actions/imports.ts), shown to those who
 * may create the resource's records: the permission the import route holds.
 */
export const ImportButton = ({ action }: { action: ImportAction }) => {
  const { canAccess } = useCanAccess({ resource: action.import.resource.path, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && <ImportDialog action={action} onClose={() => setOpen(false)} />}
    </>
  );
};
