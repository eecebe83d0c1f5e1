import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useResourceContext } from 'react-admin';
import { DomainImportDialog } from './DomainImportDialog';

/** The domains list's Import button (shown to those who may create domains). */
export const DomainImportButton = () => {
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <DomainImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};
