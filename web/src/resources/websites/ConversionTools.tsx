import LinkOutlined from '@mui/icons-material/LinkOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { actions, CONVERSION_DATE_FORMATS, type ConversionDateFormat } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { callAction } from '../../providers/actions';
import { errorDetail } from '../../providers/http';

/** Makes the site's postback URL and shows it once (the secret is not kept in the clear). */
const PostbackDialog = ({ siteId, onClose }: { siteId: number; onClose: () => void }) => {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setError(null);
    try {
      const r = await callAction(actions.seo.conversionPostbackKey, { params: { id: String(siteId) } });
      setUrl(r.data.url);
    } catch (e) {
      setError(errorDetail(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="postback-title">
      <DialogTitle id="postback-title">Conversion postback URL</DialogTitle>
      <DialogContent dividers>
        {url ? (
          <Stack sx={{ gap: 1 }}>
            <Alert severity="warning">Copy it now: it is shown once. Making a new one stops this one.</Alert>
            <TextField
              value={url}
              fullWidth
              multiline
              slotProps={{ input: { readOnly: true } }}
              label="URL"
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The network fills in {'{event}'} (click, signup or ftd) and {'{transaction_id}'}; count and date
              are optional.
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2">
            Affiliate networks call this URL on each conversion. Making a new URL stops the previous one.
          </Typography>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {!url && (
          <Button variant="contained" onClick={() => void make()}>
            Make the URL
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

const FIGURES = [
  ['clicks', 'Clicks column'],
  ['signups', 'Sign-ups column'],
  ['ftd', 'FTD column'],
] as const;

/** An affiliate report (CSV) with the operator's column mapping; a bad file is refused whole. */
const ImportDialog = ({ siteId, onClose }: { siteId: number; onClose: () => void }) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [columns, setColumns] = useState<Record<string, string>>({ date: 'Date' });
  const [format, setFormat] = useState<ConversionDateFormat>('YYYY-MM-DD');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const mapped = Object.fromEntries(Object.entries(columns).filter(([, v]) => v.trim()));
      const r = await callAction(actions.seo.importConversions, {
        params: { id: String(siteId) },
        body: { csv, columns: { date: mapped.date ?? '', ...mapped }, date_format: format },
      });
      notify(`${r.data.days} days imported (${r.data.from} to ${r.data.to})`, { type: 'success' });
      // The panels read the days just imported again.
      await queryClient.invalidateQueries({ queryKey: ['seo'] });
      onClose();
    } catch (e) {
      setError(errorDetail(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import a conversion report</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            sx={{ alignSelf: 'start' }}
          >
            Choose a CSV file
            <input
              hidden
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
            />
          </Button>
          <TextField
            label="Report (CSV, with a header row)"
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            multiline
            minRows={5}
            maxRows={12}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField
              label="Date column"
              value={columns.date ?? ''}
              onChange={(e) => setColumns({ ...columns, date: e.target.value })}
              required
            />
            {FIGURES.map(([key, label]) => (
              <TextField
                key={key}
                label={label}
                value={columns[key] ?? ''}
                onChange={(e) => setColumns({ ...columns, [key]: e.target.value })}
              />
            ))}
            <TextField
              select
              label="Date format"
              value={format}
              onChange={(e) => setFormat(e.target.value as ConversionDateFormat)}
            >
              {CONVERSION_DATE_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {f}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy || !csv.trim()} onClick={() => void submit()}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The website's conversion sources: the networks' postback URL and report imports. */
export const ConversionTools = ({ siteId }: { siteId: number }) => {
  const [open, setOpen] = useState<'postback' | 'import' | null>(null);
  return (
    <>
      <Button size="small" startIcon={<LinkOutlined />} onClick={() => setOpen('postback')}>
        Postback URL
      </Button>
      <Button size="small" startIcon={<UploadFileOutlined />} onClick={() => setOpen('import')}>
        Import conversions
      </Button>
      {open === 'postback' && <PostbackDialog siteId={siteId} onClose={() => setOpen(null)} />}
      {open === 'import' && <ImportDialog siteId={siteId} onClose={() => setOpen(null)} />}
    </>
  );
};
