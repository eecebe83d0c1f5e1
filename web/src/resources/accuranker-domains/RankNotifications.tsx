import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { resources, type RankWatch } from '@sitefleet/shared';
import { useState } from 'react';
import { Confirm, Loading, useDelete, useGetList, useNotify, useRecordContext } from 'react-admin';
import { formatTime } from '../../common/format/dates';
import { errorMessage } from '../../providers/http';
import {
  NOTIFICATIONS,
  NotificationDialog,
  type DomainKeyword,
  type RankNotification,
} from './NotificationDialog';
import { RankAlerts } from './RankAlerts';

const KEYWORDS = resources.accurankerKeywords.path;
/** Keywords offered in the picker: a domain's whole list (AccuRanker plans track up to a few thousand). */
const KEYWORDS_READ = 5000;

/** A watched keyword as a chip's words: `casino bonus (Desktop) top 10`. */
export function watchLabel(
  id: string,
  position: number,
  keywords: ReadonlyMap<string, DomainKeyword>,
): string {
  const k = keywords.get(id);
  return `${k ? `${k.keyword} (${k.device})` : `Keyword ${id} (no longer tracked)`} top ${position}`;
}

const WatchChips = ({
  watch,
  keywords,
}: {
  watch: RankWatch;
  keywords: ReadonlyMap<string, DomainKeyword>;
}) => (
  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
    {Object.entries(watch).map(([id, position]) => (
      <Chip key={id} size="small" label={watchLabel(id, position, keywords)} data-testid="watched-keyword" />
    ))}
  </Stack>
);

/**
 * SPEC §2.5 accuranker-domains Notifications (§7.5): who is told when the domain's keywords cross a
 * position, each created, edited and deleted here, and the alerts they set off with how each message went.
 */
export const RankNotifications = (_: { label?: false }) => {
  const record = useRecordContext();
  const domainId = record?.id === undefined ? undefined : Number(record.id);
  const notify = useNotify();
  const [editing, setEditing] = useState<RankNotification | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RankNotification | null>(null);
  const [remove, { isPending: removing }] = useDelete();
  const enabled = domainId !== undefined;
  const list = useGetList<RankNotification>(
    NOTIFICATIONS,
    {
      filter: { domain_id: domainId },
      sort: { field: 'created_at', order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled },
  );
  const keywordList = useGetList<DomainKeyword>(
    KEYWORDS,
    {
      filter: { domain_id: domainId },
      sort: { field: 'search_volume', order: 'DESC' },
      pagination: { page: 1, perPage: KEYWORDS_READ },
    },
    { enabled },
  );
  if (domainId === undefined) return null;
  if (list.isPending || keywordList.isPending) return <Loading />;
  if (list.error || keywordList.error)
    return <Alert severity="error">{errorMessage(list.error ?? keywordList.error)}</Alert>;
  const keywords = new Map(keywordList.data.map((k) => [String(k.id), k]));
  const rows = list.data;

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      NOTIFICATIONS,
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Notification deleted', { type: 'success' });
          setDeleting(null);
        },
        onError: (e) => notify(errorMessage(e), { type: 'error' }),
      },
    );
  };

  return (
    <Box sx={{ p: 2 }} data-testid="rank-notifications">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          Whoever is named here gets an e-mail or SMS when a watched keyword falls below its position, and
          again when it is back.
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => setEditing('new')}
          disabled={keywords.size === 0}
        >
          Add notification
        </Button>
      </Stack>
      {keywords.size === 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          This domain has no keywords yet: they arrive with the next AccuRanker import.
        </Alert>
      )}
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ py: 2 }} data-testid="no-notifications">
          No notifications: nobody is told when this domain&apos;s keywords move.
        </Typography>
      ) : (
        <Table size="small" aria-label="Rank notifications">
          <TableHead>
            <TableRow>
              <TableCell>Keywords watched</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Phone (SMS)</TableCell>
              <TableCell>Last alert</TableCell>
              <TableCell>Updated</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((n) => (
              <TableRow key={n.id} data-testid="rank-notification">
                <TableCell sx={{ maxWidth: 480 }}>
                  <WatchChips watch={n.keywords} keywords={keywords} />
                </TableCell>
                <TableCell>{n.email ?? '—'}</TableCell>
                <TableCell>{n.phone_number ?? '—'}</TableCell>
                <TableCell>{n.last_alert_at ? formatTime(n.last_alert_at) : 'Never'}</TableCell>
                <TableCell>{formatTime(n.updated_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton aria-label="Edit notification" onClick={() => setEditing(n)} size="small">
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label="Delete notification" onClick={() => setDeleting(n)} size="small">
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <RankAlerts domainId={domainId} />
      {editing !== null && (
        <NotificationDialog
          domainId={domainId}
          keywords={keywordList.data}
          notification={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        loading={removing}
        title="Delete this notification?"
        content="Its recipients will no longer hear about these keywords, and its past alerts go with it."
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
