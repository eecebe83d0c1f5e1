import MergeType from '@mui/icons-material/MergeType';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { defaultKeep } from './merge';

interface Props {
  /** The field that names a record (registrar). */
  optionText: string;
  /** A count shown next to each name and used to suggest the record to keep (domains_count). */
  countSource?: string;
  countNoun?: string;
  /** The notification after a merge, from the server's meta (e.g. moved_domains). */
  describe: (meta: Record<string, unknown>, kept: RaRecord) => string;
  /** The merge call, when the resource's is not the data provider's (plugins: a WordPress action). */
  merge?: (keepId: RaRecord['id'], ids: RaRecord['id'][]) => Promise<{ meta: Record<string, unknown> }>;
}

/** Merges the selected rows (two or more) into the one the user keeps; the others are deleted. */
export const BulkMergeButton = ({
  optionText,
  countSource,
  countNoun = 'record',
  describe,
  merge: mergeCall,
}: Props) => {
  const { selectedIds, data = [], onUnselectItems } = useListContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [keep, setKeep] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const selected = data.filter((r) => selectedIds.includes(r.id));
  const name = (r: RaRecord) => String(r[optionText] ?? `#${r.id}`);

  const start = () => {
    setKeep(String(defaultKeep(selected, countSource)?.id ?? ''));
    setOpen(true);
  };
  const merge = async () => {
    const kept = selected.find((r) => String(r.id) === keep);
    if (!kept) return;
    setBusy(true);
    try {
      const others = selected.filter((r) => r.id !== kept.id).map((r) => r.id);
      const result = mergeCall
        ? await mergeCall(kept.id, others)
        : await dataProvider.merge(resource, kept.id, others);
      notify(describe(result.meta, kept), { type: 'success' });
      setOpen(false);
      onUnselectItems();
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<MergeType />} onClick={start} disabled={selected.length < 2}>
        Merge
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Merge {selected.length} records</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Choose the record to keep. Everything that points at the others moves to it, and the others are
            deleted.
          </Typography>
          <RadioGroup value={keep} onChange={(e) => setKeep(e.target.value)} aria-label="Record to keep">
            {selected.map((r) => (
              <FormControlLabel
                key={String(r.id)}
                value={String(r.id)}
                control={<Radio size="small" />}
                label={
                  countSource
                    ? `${name(r)} (${Number(r[countSource] ?? 0)} ${countNoun}${Number(r[countSource]) === 1 ? '' : 's'})`
                    : name(r)
                }
              />
            ))}
          </RadioGroup>
          <Alert severity="warning" sx={{ mt: 2 }}>
            This cannot be undone.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={merge} disabled={busy || !keep}>
            Merge
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
