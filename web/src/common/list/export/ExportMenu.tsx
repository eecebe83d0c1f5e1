import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Confirm, useListContext } from 'react-admin';
import { REFERENCED_EXPORT_CONFIRM, type ExportColumn } from './exportRules';
import { useListExport, type ExportFormat } from './useListExport';

/** Export button with CSV and Excel choices, and the referenced-export confirmation of SPEC §5. */
export const ExportMenu = ({ columns }: { columns: readonly ExportColumn[] }) => {
  const { total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exporter = useListExport(columns);

  const choose = (format: ExportFormat) => {
    setAnchor(null);
    exporter.start(format);
  };

  return (
    <>
      <Button
        size="small"
        startIcon={exporter.busy ? <CircularProgress size={16} /> : <DownloadIcon />}
        disabled={exporter.busy || !total}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('csv')}>
          <ListItemText primary="Export to CSV" secondary="Visible columns, up to 5000 rows" />
        </MenuItem>
        <MenuItem onClick={() => choose('xlsx')}>
          <ListItemText primary="Export to Excel" secondary="Visible columns, up to 5000 rows" />
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={exporter.confirmOpen}
        title="Export without references?"
        content={REFERENCED_EXPORT_CONFIRM}
        confirm="Export"
        onConfirm={exporter.confirm}
        onClose={exporter.cancel}
      />
    </>
  );
};
