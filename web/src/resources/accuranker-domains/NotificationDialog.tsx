import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  normaliseEmail,
  normalisePhone,
  parseRankWatch,
  RANK_WATCH,
  resources,
  type RankWatch,
} from '@sitefleet/shared';
import { useState } from 'react';
import { useCreate, useNotify, useUpdate } from 'react-admin';
import { errorMessage } from '../../providers/http';

export const NOTIFICATIONS = resources.accurankerNotifications.path;

/** A keyword of the domain as the picker shows it. */
export interface DomainKeyword {
  id: number;
  keyword: string;
  device: 'Desktop' | 'Mobile';
  search_volume: number | null;
  latest_rank: number | null;
}

/** A stored rank notification (the resource's record). */
export interface RankNotification {
  id: number;
  domain_id: number;
  keywords: RankWatch;
  email: string | null;
  phone_number: string | null;
  keyword_count: number;
  last_alert_at: number | null;
  updated_at: number;
  version: number;
}

interface WatchRow {
  key: number;
  keywordId: number | null;
  position: string;
}

type FieldErrors = Partial<Record<'keywords' | 'email' | 'phone_number', string>>;

const keywordText = (k: DomainKeyword) =>
  `${k.keyword} (${k.device})${k.latest_rank ? `, now #${k.latest_rank}` : ''}`;

/** What the form holds, checked as the server checks it; the body to send or the fields' problems. */
export function checkForm(
  rows: readonly WatchRow[],
  email: string,
  phone: string,
):
  | { body: { keywords: RankWatch; email: string | null; phone_number: string | null } }
  | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const entries: Array<[string, number]> = [];
  for (const r of rows) {
    if (r.keywordId === null) {
      errors.keywords = 'Pick a keyword on every row (or remove the row)';
      break;
    }
    entries.push([String(r.keywordId), Number(r.position)]);
  }
  if (new Set(entries.map(([id]) => id)).size !== entries.length)
    errors.keywords = 'A keyword is picked twice';
  const parsed = parseRankWatch(Object.fromEntries(entries));
  if (!errors.keywords && 'problem' in parsed) errors.keywords = parsed.problem;
  const mail = email.trim() ? normaliseEmail(email) : null;
  const sms = phone.trim() ? normalisePhone(phone) : null;
  if (email.trim() && !mail) errors.email = 'Enter an e-mail address';
  if (phone.trim() && !sms)
    errors.phone_number = 'Enter a phone number in international format (+4915112345678)';
  if (!email.trim() && !phone.trim()) errors.email = 'Enter an e-mail address or a phone number';
  if (Object.keys(errors).length || 'problem' in parsed) return { errors };
  return { body: { keywords: parsed.watch, email: mail, phone_number: sms } };
}

/** The server's field errors of a refused save (422), else the message as a keywords-level problem. */
function serverErrors(e: unknown): FieldErrors {
  const fields = (e as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  if (!fields) return { keywords: errorMessage(e) };
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) as FieldErrors;
}

let nextKey = 1;
const rowsOf = (watch: RankWatch | undefined): WatchRow[] =>
  watch
    ? Object.entries(watch).map(([id, position]) => ({
        key: nextKey++,
        keywordId: Number(id),
        position: String(position),
      }))
    : [{ key: nextKey++, keywordId: null, position: '10' }];

/** Creates or edits one rank notification: keywords each with a position, an e-mail address and/or a phone. */
export const NotificationDialog = ({
  domainId,
  keywords,
  notification,
  onClose,
}: {
  domainId: number;
  keywords: readonly DomainKeyword[];
  notification: RankNotification | null;
  onClose: () => void;
}) => {
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [rows, setRows] = useState<WatchRow[]>(() => rowsOf(notification?.keywords));
  const [email, setEmail] = useState(notification?.email ?? '');
  const [phone, setPhone] = useState(notification?.phone_number ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const byId = new Map(keywords.map((k) => [k.id, k]));
  const picked = new Set(rows.map((r) => r.keywordId));
  const setRow = (key: number, change: Partial<WatchRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const save = () => {
    const checked = checkForm(rows, email, phone);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    const options = {
      onSuccess: () => {
        notify(notification ? 'Notification saved' : 'Notification created', { type: 'success' });
        onClose();
      },
      onError: (e: unknown) => setErrors(serverErrors(e)),
    };
    if (notification) {
      update(
        NOTIFICATIONS,
        { id: notification.id, data: checked.body, previousData: notification },
        { ...options, mutationMode: 'pessimistic' },
      );
    } else {
      create(NOTIFICATIONS, { data: { domain_id: domainId, ...checked.body } }, options);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="rank-notification-title">
      <DialogTitle id="rank-notification-title">
        {notification ? 'Edit notification' : 'Add notification'}
      </DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Pick keywords and the position each should hold (1 to {RANK_WATCH.maxRank}): a message goes out
            when one falls below it or out of the results, and when it is back.
          </Typography>
          {rows.map((r, i) => (
            <Stack key={r.key} direction="row" sx={{ gap: 1, alignItems: 'center' }} data-testid="watch-row">
              <Autocomplete
                sx={{ flex: 1 }}
                options={keywords.filter((k) => k.id === r.keywordId || !picked.has(k.id))}
                getOptionLabel={keywordText}
                value={r.keywordId === null ? null : (byId.get(r.keywordId) ?? null)}
                onChange={(_, k) => setRow(r.key, { keywordId: k?.id ?? null })}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => <TextField {...params} label={`Keyword ${i + 1}`} size="small" />}
              />
              <TextField
                label="Top"
                type="number"
                size="small"
                sx={{ width: 100 }}
                value={r.position}
                onChange={(e) => setRow(r.key, { position: e.target.value })}
                slotProps={{ htmlInput: { min: RANK_WATCH.minRank, max: RANK_WATCH.maxRank } }}
              />
              <IconButton
                aria-label={`Remove keyword ${i + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Button
            size="small"
            startIcon={<AddOutlined />}
            sx={{ alignSelf: 'start' }}
            disabled={rows.length >= Math.min(RANK_WATCH.maxKeywords, keywords.length)}
            onClick={() => setRows((all) => [...all, { key: nextKey++, keywordId: null, position: '10' }])}
          >
            Add keyword
          </Button>
          {errors.keywords && (
            <Alert severity="error" data-testid="keywords-error">
              {errors.keywords}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField
              label="E-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ?? ' '}
              fullWidth
            />
            <TextField
              label="Phone (SMS)"
              placeholder="+447700900123"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              error={Boolean(errors.phone_number)}
              helperText={errors.phone_number ?? 'International format'}
              fullWidth
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={creating || updating} onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
