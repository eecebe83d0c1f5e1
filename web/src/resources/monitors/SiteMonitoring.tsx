import { Alert, Link, Skeleton, Stack } from '@mui/material';
import { LIMITS, resources } from '@sitefleet/shared';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useGetList, useListContext, useRecordContext, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { filteredListPath } from '../../common/format/links';
import { errorMessage } from '../../providers/http';
import { MonitorSiteButton } from './MonitorSiteButton';
import { MonitorStatus } from './MonitorStatus';
import { monitorsBySite, type SiteMonitors } from './status';

const MONITORS = resources.monitors.path;

interface SiteMonitorsValue {
  bySite: Map<string, SiteMonitors<RaRecord>>;
  isPending: boolean;
  onCreated: (monitor: RaRecord) => void;
}

const SiteMonitorsContext = createContext<SiteMonitorsValue | null>(null);

/** The monitors of the listed page of websites, read in one request (website_id where_in the page's ids). */
export const SiteMonitorsProvider = ({ children }: { children: ReactNode }) => {
  const { data: sites } = useListContext();
  const ids = useMemo(() => (sites ?? []).map((s) => s.id), [sites]);
  const { data, isPending, error } = useGetList(
    MONITORS,
    {
      filter: { website_id: { where_in: ids } },
      pagination: { page: 1, perPage: LIMITS.maxPerPage },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: ids.length > 0 },
  );
  // shown at once; the list's own refetch after the creation brings it too
  const [created, setCreated] = useState<RaRecord[]>([]);
  const onCreated = useCallback((m: RaRecord) => setCreated((list) => [...list, m]), []);
  const value = useMemo(
    () => ({
      bySite: monitorsBySite([...created, ...(data ?? [])]),
      isPending: ids.length > 0 && isPending,
      onCreated,
    }),
    [created, data, ids.length, isPending, onCreated],
  );
  return (
    <SiteMonitorsContext.Provider value={value}>
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          The monitors could not be read: {errorMessage(error)}
        </Alert>
      )}
      {children}
    </SiteMonitorsContext.Provider>
  );
};

/** A site's monitoring cell: the worst monitor's indicator (to its page), or the one-click button. */
export const SiteMonitoring = () => {
  const site = useRecordContext();
  const monitors = useContext(SiteMonitorsContext);
  if (!site || !monitors) return null;
  if (monitors.isPending) return <Skeleton width={90} />;
  const entry = monitors.bySite.get(String(site.id));
  if (!entry) return <MonitorSiteButton site={site} onCreated={monitors.onCreated} />;
  const { shown, count } = entry;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="site-monitoring">
      <MonitorStatus
        status={shown.status}
        paused={shown.paused}
        to={`/${MONITORS}/${encodeURIComponent(String(shown.id))}/show`}
      />
      {count > 1 && (
        <Link
          component={RouterLink}
          to={filteredListPath(MONITORS, { website_id: site.id })}
          onClick={(e: React.MouseEvent) => e.stopPropagation()}
          variant="caption"
        >
          {count} monitors
        </Link>
      )}
    </Stack>
  );
};
