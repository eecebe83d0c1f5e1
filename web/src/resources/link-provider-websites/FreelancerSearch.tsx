import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { actions, type ActionResponse } from '@sitefleet/shared';
import { useState, type FormEvent } from 'react';
import { usePermissions } from 'react-admin';
import { callAction } from '../../providers/actions';
import { errorDetail } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

type FreelancerSearch = ActionResponse<typeof actions.providers.freelancerSearch>['data'];
type FreelancerContact = FreelancerSearch['bought']['contacts'][number];

const money = (value: number | null, currency: string | null) =>
  value === null
    ? '—'
    : `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();

const contactText = (c: FreelancerContact) => [c.name, c.email, c.im].filter(Boolean).join(' · ');

/** The answer: the offers on the host, cheapest in euro first, then what we already bought there. */
export const FreelancerAnswer = ({ answer }: { answer: FreelancerSearch }) => (
  <Stack sx={{ gap: 2 }}>
    {answer.offers.length ? (
      <Table size="small" aria-label="Offers">
        <TableHead>
          <TableRow>
            <TableCell>Agency</TableCell>
            <TableCell>URL</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Price in EUR</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.offers.map((o) => (
            <TableRow key={o.id}>
              <TableCell>{o.agency ?? '—'}</TableCell>
              <TableCell>
                <a href={`#/dms/api/v1/link-provider-websites/${o.id}/show`}>{o.url}</a>
              </TableCell>
              <TableCell align="right">{money(o.price, o.currency)}</TableCell>
              <TableCell align="right">{money(o.price_in_euro, 'EUR')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    ) : (
      <Alert severity="info">No provider sells links on {answer.hostname}.</Alert>
    )}
    <Typography variant="subtitle2">Already bought on {answer.hostname}</Typography>
    {answer.bought.count ? (
      <Stack sx={{ gap: 0.5 }} data-testid="freelancer-bought">
        <Typography variant="body2">
          {answer.bought.count} link{answer.bought.count === 1 ? '' : 's'}; the last for{' '}
          {money(answer.bought.last_price, answer.bought.last_currency)}
        </Typography>
        {answer.bought.contacts.map((c) => (
          <Typography key={contactText(c)} variant="body2" sx={{ color: 'text.secondary' }}>
            {contactText(c)}
          </Typography>
        ))}
      </Stack>
    ) : (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No link bought there yet.
      </Typography>
    )}
  </Stack>
);

/** Pick a third-party host and see who sells links on it and what we already bought there. */
export const FreelancerSearchDialog = ({ onClose }: { onClose: () => void }) => {
  const [hostname, setHostname] = useState('');
  const [answer, setAnswer] = useState<FreelancerSearch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await callAction(actions.providers.freelancerSearch, {
        query: { hostname: hostname.trim() },
      });
      setAnswer(r.data);
    } catch (err) {
      setAnswer(null);
      setError(errorDetail(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="freelancer-search-title">
      <DialogTitle id="freelancer-search-title">Freelancer search</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          <form onSubmit={(e) => void search(e)}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <TextField
                label="Host name"
                placeholder="example.com"
                value={hostname}
                onChange={(e) => setHostname(e.target.value)}
                fullWidth
                size="small"
                autoFocus
              />
              <Button
                type="submit"
                variant="contained"
                disabled={busy || !hostname.trim()}
                startIcon={busy ? <CircularProgress size={16} /> : undefined}
              >
                Search
              </Button>
            </Stack>
          </form>
          {error && <Alert severity="error">{error}</Alert>}
          {answer && <FreelancerAnswer answer={answer} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The list's Freelancer search action (shown to those who may call it). */
export const FreelancerSearchButton = () => {
  const { permissions } = usePermissions<Permissions>();
  const [open, setOpen] = useState(false);
  if (!mayCall(permissions ?? NO_PERMISSIONS, actions.providers.freelancerSearch)) return null;
  return (
    <>
      <Button size="small" startIcon={<PersonSearchOutlined />} onClick={() => setOpen(true)}>
        Freelancer search
      </Button>
      {open && <FreelancerSearchDialog onClose={() => setOpen(false)} />}
    </>
  );
};
