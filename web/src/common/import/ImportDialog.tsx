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
import { importTemplate, type ImportAction } from '@sitefleet/shared';
import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { ImportColumns } from './ImportColumns';
import { ImportRowsTable } from './ImportRowsTable';
import { summarise, summaryText } from './importRows';
import { useImport } from './useImport';

/**
 * The bulk CSV import of a declared import (SPEC §4, §5): choose or paste a file, see every row checked
 * (field errors under their columns), import the valid ones in one go, see what became of each row.
 */
export const ImportDialog = ({ action, onClose }: { action: ImportAction; onClose: () => void }) => {
  const spec = action.import;
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const { file, rows, checking, done, busy, count, run } = useImport(action, text);
  const titleId = `import-${spec.resource.name}-title`;

  const reset = () => {
    setText('');
    setFileName('');
  };
  const close = () => {
    if (!busy) onClose();
  };
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setFileName(picked.name);
    setText(await picked.text());
  };
  const importRows = async () => {
    await run();
    refresh();
  };
  const summary = summarise(rows);
  const noun = count === 1 ? spec.words.one : spec.words.many;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Import {spec.resource.label.toLowerCase()}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ImportColumns spec={spec} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={busy}>
              Choose file
              <input
                hidden
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
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
            disabled={busy || done}
            onChange={(e) => {
              setFileName('');
              setText(e.target.value);
            }}
            placeholder={importTemplate(spec).trim()}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {file.problem && <Alert severity="error">{file.problem}</Alert>}
          {!file.problem && file.layout && file.layout.unknown.length > 0 && (
            <Alert severity="info">Not imported (no such column): {file.layout.unknown.join(', ')}</Alert>
          )}
          {done && (
            <Alert severity={summary.errors ? 'warning' : 'success'} data-testid="import-summary">
              {summaryText(spec, summary)}
            </Alert>
          )}
          {rows.length > 0 && <ImportRowsTable spec={spec} rows={rows} busy={checking || busy} />}
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
            onClick={() => void importRows()}
            disabled={busy || checking || count === 0}
            startIcon={busy || checking ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Import {count} {noun}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
