import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { parseDomainCsv } from '@sitefleet/shared';
import { useMemo, useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import type { SitefleetDataProvider } from '../../../providers/dataProvider';
import { errorMessage } from '../../../providers/http';
import {
  applyFailure,
  applyResults,
  importChunks,
  initialRows,
  summarise,
  summaryText,
  type ImportRowState,
} from './importRows';
import { ImportRowsTable } from './ImportRowsTable';

const FORMAT_HELP =
  'One domain a line: Name and Notes, separated by a comma or a semicolon. A header row is skipped.';

/** SPEC §4, §5 bulk CSV import: pick or paste a file, check its rows, import them, see each row's state. */
export const DomainImportDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [done, setDone] = useState<ImportRowState[] | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => initialRows(parseDomainCsv(text)), [text]);
  const rows = done ?? parsed;
  const ready = parsed.filter((r) => r.status === 'ready').length;

  const reset = () => {
    setText('');
    setFileName('');
    setDone(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setDone(null);
    setFileName(file.name);
    setText(await file.text());
  };
  const run = async () => {
    setBusy(true);
    let state = parsed;
    for (const chunk of importChunks(parsed)) {
      try {
        const response = await dataProvider.importDomains(chunk.rows);
        state = applyResults(state, chunk, response.results);
      } catch (error) {
        state = applyFailure(state, chunk, errorMessage(error));
      }
    }
    setDone(state);
    setBusy(false);
    refresh();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="domain-import-title">
      <DialogTitle id="domain-import-title">Import domains</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {FORMAT_HELP}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={busy}>
              Choose file
              <input
                hidden
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                data-testid="import-file"
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {fileName || 'or paste the rows below'}
            </Typography>
          </Stack>
          <TextField
            label="CSV"
            multiline
            minRows={3}
            maxRows={8}
            value={text}
            disabled={busy}
            onChange={(e) => {
              setDone(null);
              setFileName('');
              setText(e.target.value);
            }}
            placeholder={'Name;Notes\nexample.com;Bought in 2024'}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {done && (
            <Alert severity={summarise(done).errors ? 'warning' : 'success'} data-testid="import-summary">
              {summaryText(summarise(done))}
            </Alert>
          )}
          {rows.length > 0 && <ImportRowsTable rows={rows} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        {done && <Button onClick={reset}>Import another file</Button>}
        <Button onClick={close} disabled={busy}>
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button
            variant="contained"
            onClick={run}
            disabled={busy || ready === 0}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {ready === 1 ? 'Import 1 domain' : `Import ${ready} domains`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
