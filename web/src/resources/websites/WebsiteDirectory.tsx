import { Alert, Box, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  actions,
  REL_ATTRIBUTES,
  resources,
  WEBSITE_STATUS_LABELS,
  type ActionResponse,
} from '@sitefleet/shared';
import { useState, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { ChoiceChip } from '../../common/fields/ChoiceChip';
import { RecordLink } from '../../common/fields/RecordLink';
import { formatTime } from '../../common/format/dates';
import { ActionTable, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { STATUS_COLORS, TYPE_LABELS } from './labels';
import { httpStatusColor } from './scanFormat';
import { SitePage } from './scanColumns';

const spec = actions.backlinks.websiteDirectory;
type Answer = ActionResponse<typeof spec>;
type Directory = Answer['data'];
type Listing = Directory['listings'][number];
type Link = Listing['links'][number];
type Rel = (typeof REL_ATTRIBUTES)[number];

const WEBSITES = resources.websites.path;
/** Rel tokens that say something of the link's weight (noopener and the like say nothing). */
const WEIGHTED = new Set(['nofollow', 'sponsored', 'ugc']);
const GONE = new Set([404, 410]);

/** What a link's rel says: its weighted tokens, or follow. */
const relOf = (l: Link) => {
  const tokens = l.rel.map((r) => r.toLowerCase()).filter((r) => WEIGHTED.has(r));
  return tokens.length ? tokens : ['follow'];
};

/** One line per link, so the links, their targets and their rels stand level across the columns. */
const PerLink = ({
  listing,
  render,
  none = null,
}: {
  listing: Listing;
  render: (l: Link) => ReactNode;
  /** What a listing without a link out shows in the column. */
  none?: ReactNode;
}) =>
  listing.links.length ? (
    <Stack sx={{ gap: 0.5 }}>
      {listing.links.map((l) => (
        <Box key={l.url} sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {render(l)}
        </Box>
      ))}
    </Stack>
  ) : (
    none
  );

const NO_LINK = (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    No link out
  </Typography>
);

/** The link's target: the site of the portfolio (to its page, with its type and status), else the host. */
const Target = ({ link }: { link: Link }) =>
  link.website ? (
    <>
      <RecordLink resource={WEBSITES} id={link.website.id} text={link.website.hostname} />
      <ChoiceChip value={link.website.type} labels={TYPE_LABELS} />
      <ChoiceChip value={link.website.status} labels={WEBSITE_STATUS_LABELS} colors={STATUS_COLORS} />
    </>
  ) : (
    <Typography variant="body2" component="span" title={link.url}>
      {link.target_host}
    </Typography>
  );

/** The page's answer at the scan: its status, "404 Gone" for a listing removed, or that it did not answer. */
const pageState = (status: number | null) =>
  status === null ? 'No answer' : GONE.has(status) ? `${status} Gone` : String(status);

const firstTarget = (l: Listing) => l.links[0]?.website?.hostname ?? l.links[0]?.target_host ?? null;

const COLUMNS: Array<ActionColumn<Listing>> = [
  {
    label: 'Listing',
    sx: TOP,
    sortBy: (l) => l.title ?? l.url,
    render: (l) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {l.title ?? '—'}
        </Typography>
        <SitePage url={l.url} />
      </>
    ),
  },
  {
    label: 'Category',
    sx: TOP,
    sortBy: (l) => l.categories[0]?.name ?? null,
    render: (l) => (l.categories.length ? l.categories.map((c) => <div key={c.url}>{c.name}</div>) : '—'),
  },
  {
    label: 'Links to',
    sx: TOP,
    sortBy: firstTarget,
    render: (l) => <PerLink listing={l} render={(link) => <Target link={link} />} none={NO_LINK} />,
  },
  {
    label: 'Anchor',
    sx: TOP,
    render: (l) => <PerLink listing={l} render={(link) => link.anchor ?? '—'} />,
  },
  {
    label: 'Rel',
    sx: TOP,
    sortBy: (l) => (l.links[0] ? relOf(l.links[0]).join(' ') : null),
    render: (l) => (
      <PerLink
        listing={l}
        render={(link) =>
          relOf(link).map((r) => (
            <Chip
              key={r}
              size="small"
              variant="outlined"
              color={r === 'follow' ? 'success' : 'default'}
              label={r}
            />
          ))
        }
      />
    ),
  },
  {
    label: 'Page',
    sx: TOP,
    sortBy: (l) => l.status,
    render: (l) => {
      const label = pageState(l.status);
      return (
        <Box title={l.error ?? undefined}>
          <ChoiceChip value={label} colors={{ [label]: httpStatusColor(l.status) }} />
        </Box>
      );
    },
  },
];

const rowsOf = (answer: Answer) => answer.data.listings;

const Figure = ({ label, value }: { label: string; value: number }) => (
  <Card variant="outlined" data-testid="directory-count" data-label={label}>
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 500 }}>
        {value.toLocaleString('en')}
      </Typography>
    </CardContent>
  </Card>
);

/** The filters show their "any" choice rather than an empty box. */
const FILTER_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const REL_LABELS: Record<Rel, string> = {
  follow: 'follow (none of nofollow, sponsored, ugc)',
  nofollow: 'nofollow',
  sponsored: 'sponsored',
  ugc: 'ugc',
};

/** The listings of one directory site, its counts, and the filters by linked site and rel. */
const DirectoryListings = ({ websiteId }: { websiteId: number }) => {
  const [target, setTarget] = useState<number | ''>('');
  const [rel, setRel] = useState<Rel | ''>('');
  const query = useActionQuery(
    spec,
    {
      params: { id: String(websiteId) },
      query: { ...(target === '' ? {} : { target_website_id: target }), ...(rel === '' ? {} : { rel }) },
    },
    { keepPrevious: true },
  );
  const d = query.data?.data;
  const filtered = target !== '' || rel !== '';
  return (
    <Stack spacing={2} sx={{ width: '100%', pt: 1 }} data-testid="website-directory">
      {d && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
            <Figure label="Listings" value={d.counts.listings} />
            <Figure label="Portfolio sites linked" value={d.counts.portfolio_sites} />
            <Figure label="External targets" value={d.counts.external_targets} />
            <Figure label="Listings gone (404/410)" value={d.counts.gone} />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="directory-scanned">
            {d.last_scanned_at === null
              ? 'Not scanned yet: Scan site crawls its pages and fills this tab.'
              : `From the scan of ${formatTime(d.last_scanned_at) ?? ''}${filtered ? `; ${d.listings.length} of ${d.counts.listings} listings match the filters` : ''}.`}
          </Typography>
          {d.truncated && (
            <Alert severity="warning">
              Only the first {d.listings.length} listings are shown: filter by site or rel to see the others.
            </Alert>
          )}
        </>
      )}
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Links to"
          value={target}
          onChange={(e) => setTarget(e.target.value === '' ? '' : Number(e.target.value))}
          fullWidth={false}
          slotProps={FILTER_SLOTS}
          sx={{ width: 300 }}
        >
          <MenuItem value="">Any site</MenuItem>
          {(d?.portfolio_sites ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.hostname} ({s.listings})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Rel"
          value={rel}
          onChange={(e) => setRel(REL_ATTRIBUTES.find((r) => r === e.target.value) ?? '')}
          fullWidth={false}
          slotProps={FILTER_SLOTS}
          sx={{ width: 300 }}
        >
          <MenuItem value="">Any rel</MenuItem>
          {REL_ATTRIBUTES.map((r) => (
            <MenuItem key={r} value={r}>
              {REL_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ActionTable
        query={query}
        rows={rowsOf}
        columns={COLUMNS}
        rowKey={(l) => l.id}
        label="Directory listings"
        empty={
          filtered
            ? 'No listing matches the filters.'
            : 'No listings found: the last scan saw no /listing/ page on this site.'
        }
        emptyTestId="no-listings"
        rowTestId="directory-listing"
        rowSx={(l) => (l.status !== null && GONE.has(l.status) ? { opacity: 0.6 } : undefined)}
      />
    </Stack>
  );
};

/**
 * The website show's Directory tab (SPEC §2.5): for a directory site, the listings it carries and the sites
 * they link to. Other sites keep the tab (the show's tabs stay in one place for every site) and say in one
 * line why it is empty.
 */
export const WebsiteDirectory = (_: { label: false }) => {
  const record = useRecordContext();
  if (!record) return null;
  if (record.type !== 'DIRECTORY')
    return (
      <Alert severity="info" data-testid="not-a-directory" sx={{ mt: 1 }}>
        {`This is a ${TYPE_LABELS[String(record.type)] ?? String(record.type)} site: the Directory tab lists the listings of directory sites only.`}
      </Alert>
    );
  return <DirectoryListings websiteId={Number(record.id)} />;
};
