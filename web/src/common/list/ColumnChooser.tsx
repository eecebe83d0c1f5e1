import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
} from '@mui/material';
import { useState } from 'react';
import { defaultVisible, type ColumnDef } from './columns';

interface Props {
  columns: readonly ColumnDef[];
  visible: readonly string[];
  onApply: (sources: string[] | undefined) => void;
}

/** The 'Configuration' dialog: pick the list's columns; Apply saves the choice. */
export const ColumnChooser = ({ columns, visible, onApply }: Props) => {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  const openDialog = () => {
    setPicked([...visible]);
    setOpen(true);
  };
  const toggle = (source: string) =>
    setPicked((current) =>
      current.includes(source) ? current.filter((s) => s !== source) : [...current, source],
    );
  const apply = () => {
    onApply(columns.map((c) => c.source).filter((s) => picked.includes(s)));
    setOpen(false);
  };

  return (
    <>
      <Button size="small" startIcon={<ViewColumnOutlined />} onClick={openDialog}>
        Columns
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Configuration</DialogTitle>
        <DialogContent dividers>
          <FormGroup>
            {columns.map((column) => (
              <FormControlLabel
                key={column.source}
                label={column.label}
                control={
                  <Checkbox checked={picked.includes(column.source)} onChange={() => toggle(column.source)} />
                }
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicked(defaultVisible(columns))}>Reset</Button>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={apply} disabled={picked.length === 0}>
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
