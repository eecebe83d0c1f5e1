import HubOutlined from '@mui/icons-material/HubOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Slider,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  actions,
  FOOTPRINT_KIND_LABELS,
  FOOTPRINT_KINDS,
  footprintRisk,
  resources,
  type FootprintKind,
} from '@sitefleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loading, Title, useDataProvider, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatTime } from '../../common/format/dates';
import { ActionTable, type ActionColumn } from '../../common/list/ActionTable';
import { callAction } from '../../providers/actions';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { useStartRun } from '../../resources/cron-jobs/useStartRun';
import { FootprintGraph, type GraphSelection } from './FootprintGraph';
import { KIND_COLORS, pairOf } from './labels';
import { RiskChip } from './RiskChip';

export const FOOTPRINT_COMMAND = 'footprint:compute';
const WEBSITES = resources.websites.path;

const KindDot = ({ kind }: { kind: FootprintKind }) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      width: 10,
      height: 10,
      borderRadius: '50%',
      bgcolor: KIND_COLORS[kind],
      mr: 1,
    }}
  />
);

const weightText = (w: number) => `+${Math.round(w * 100)}`;

/** One site: its score and every reason, each with the sites that share it (a click compares the two). */
const SitePanel = ({ id, onPair }: { id: number; onPair: (other: number) => void }) => {
  const { data, error, isPending } = useQuery({
    queryKey: ['footprint-site', id],
    queryFn: ({ signal }) =>
      callAction(actions.footprint.footprintOfSite, { params: { id: String(id) } }, { signal }),
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const site = data.data;
  return (
    <Box data-testid="footprint-site">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {site.hostname}
        </Typography>
        <RiskChip score={site.score} />
      </Stack>
      <Link component={RouterLink} to={`/${WEBSITES}/${id}/show`} variant="body2">
        Open website
      </Link>
      {site.reasons.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          Nothing ties this site to another site of the network.
        </Typography>
      ) : (
        <List dense aria-label="Reasons">
          {site.reasons.map((r) => (
            <ListItem
              key={`${r.kind}:${r.value}`}
              disableGutters
              data-testid="footprint-reason"
              sx={{ display: 'block' }}
            >
              <ListItemText
                primary={
                  <>
                    <KindDot kind={r.kind} />
                    {r.label}{' '}
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                      {weightText(r.weight)} · {FOOTPRINT_KIND_LABELS[r.kind]}
                    </Typography>
                  </>
                }
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {r.sites.map((s) => (
                  <Chip
                    key={s.id}
                    size="small"
                    variant="outlined"
                    label={s.hostname}
                    onClick={() => onPair(s.id)}
                    title={`What links ${site.hostname} and ${s.hostname}`}
                  />
                ))}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

/** What links two sites: every tie they share, strongest first, and the strength of the whole. */
const PairPanel = ({ pair }: { pair: [number, number] }) => {
  const { data, error, isPending } = useQuery({
    queryKey: ['footprint-pair', ...pair],
    queryFn: ({ signal }) =>
      callAction(actions.footprint.footprintPair, { query: { a: pair[0], b: pair[1] } }, { signal }),
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const p = data.data;
  return (
    <Box data-testid="footprint-pair">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        What links {p.a.hostname} and {p.b.hostname}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Tie strength {Math.round(p.strength * 100)} of 100
      </Typography>
      {p.reasons.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Nothing: these two sites share no footprint.
        </Typography>
      ) : (
        <List dense aria-label="Ties">
          {p.reasons.map((r) => (
            <ListItem key={`${r.kind}:${r.value}`} disableGutters data-testid="footprint-tie">
              <ListItemText
                primary={
                  <>
                    <KindDot kind={r.kind} />
                    {r.label}
                  </>
                }
                secondary={`${FOOTPRINT_KIND_LABELS[r.kind]} · ${weightText(r.weight)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

const RecomputeButton = () => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun('dms', 'The computation could not start');
  const run = actions.jobs.artisan.dms.run;
  if (!hasRoute(permissions ?? NO_PERMISSIONS, run.method, run.path)) return null;
  return (
    <Button
      size="small"
      startIcon={<HubOutlined />}
      onClick={() => void startRun(() => dataProvider.runCommand('dms', FOOTPRINT_COMMAND, {}))}
    >
      Recompute
    </Button>
  );
};

/**
 * The footprint graph (issue 18): what ties the network's sites together (shared IP blocks, nameservers,
 * registrants, analytics ids, themes and plugins, admin names, cross-links), each site's risk score with its
 * reasons, and for any two sites what links them.
 */

type RiskRow = actions.footprint.FootprintNode;

/** The sites by risk, highest first; each column sorts. */
const RISK_COLUMNS: ReadonlyArray<ActionColumn<RiskRow>> = [
  { label: 'Site', render: (n) => n.hostname, sortBy: (n) => n.hostname },
  { label: 'Type', render: (n) => n.type, sortBy: (n) => n.type },
  { label: 'Risk', render: (n) => <RiskChip score={n.score} />, sortBy: (n) => n.score },
  { label: 'Sites tied', render: (n) => n.ties, align: 'right', sortBy: (n) => n.ties },
];

export const FootprintPage = () => {
  const [minStrength, setMinStrength] = useState(0.6);
  const [kinds, setKinds] = useState<FootprintKind[]>([...FOOTPRINT_KINDS]);
  const [selection, setSelection] = useState<GraphSelection>({ site: null, pair: null });
  const { data, error, isPending } = useQuery({
    queryKey: ['footprint', minStrength],
    queryFn: ({ signal }) =>
      callAction(actions.footprint.footprintGraph, { query: { min_strength: minStrength } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const graph = data?.data;
  const edges = useMemo(
    () => (graph ? graph.edges.filter((e) => e.kinds.some((k) => kinds.includes(k))) : []),
    [graph, kinds],
  );
  const nodes = useMemo(() => graph?.nodes ?? [], [graph]);
  const high = nodes.filter((n) => footprintRisk(n.score) === 'high').length;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Footprint graph" />
      {isPending ? (
        <Loading />
      ) : error || !graph ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <Paper sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="body2" data-testid="footprint-summary">
                {graph.computed_at
                  ? `${nodes.length} sites, ${edges.length} ties shown${graph.edges_total > graph.edges.length ? ` (the strongest ${graph.edges.length} of ${graph.edges_total})` : ''}, ${high} at high risk. Computed ${formatTime(graph.computed_at) ?? ''}.`
                  : 'Not computed yet: Recompute reads the network and scores every site.'}
              </Typography>
              <RecomputeButton />
              <Box sx={{ width: 220 }}>
                <Typography variant="caption" id="footprint-strength">
                  Ties at least {Math.round(minStrength * 100)} strong
                </Typography>
                <Slider
                  size="small"
                  aria-labelledby="footprint-strength"
                  value={minStrength}
                  min={0.3}
                  max={0.95}
                  step={0.05}
                  onChangeCommitted={(_, v) => setMinStrength(Array.isArray(v) ? v[0]! : v)}
                />
              </Box>
            </Stack>
            <ToggleButtonGroup
              size="small"
              value={kinds}
              onChange={(_, v: FootprintKind[]) => setKinds(v)}
              aria-label="Kinds of tie shown"
              sx={{ mt: 1, flexWrap: 'wrap' }}
            >
              {FOOTPRINT_KINDS.map((k) => (
                <ToggleButton key={k} value={k} sx={{ textTransform: 'none', py: 0.25 }}>
                  <KindDot kind={k} />
                  {FOOTPRINT_KIND_LABELS[k]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Paper>
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
            <Paper sx={{ flex: 2, p: 1, minWidth: 0 }}>
              <FootprintGraph nodes={nodes} edges={edges} selection={selection} onSelect={setSelection} />
            </Paper>
            <Paper sx={{ flex: 1, p: 2, minWidth: 300, maxHeight: 576, overflow: 'auto' }}>
              {selection.pair ? (
                <PairPanel key={selection.pair.join('-')} pair={selection.pair} />
              ) : selection.site ? (
                <SitePanel
                  key={selection.site}
                  id={selection.site}
                  onPair={(other) => setSelection({ site: null, pair: pairOf(selection.site!, other) })}
                />
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Pick a site (in the graph or the table) to see its score and reasons, or a tie to see what
                  links two sites.
                </Typography>
              )}
            </Paper>
          </Stack>
          <Paper>
            <ActionTable
              query={{ data: nodes, isPending: false, error: null }}
              rows={(all) => all}
              columns={RISK_COLUMNS}
              rowKey={(n) => n.id}
              label="Sites by footprint risk"
              empty="No site matches the filters."
              rowTestId="footprint-row"
              defaultSort={{ label: 'Risk', order: 'desc' }}
              onRowClick={(n) => setSelection({ site: n.id, pair: null })}
              isSelected={(n) => selection.site === n.id}
              pageSize={50}
            />
          </Paper>
        </Stack>
      )}
    </Box>
  );
};
