import { HEARTBEAT_SERVICES } from '@sitefleet/shared';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { SitefleetDataProvider } from '../providers/dataProvider';

export const HEARTBEAT_ERROR = 'Error fetching heartbeat';
const POLL_MS = 60_000;

export type Heartbeats = Partial<Record<(typeof HEARTBEAT_SERVICES)[number], number | null>>;

/** Each service's last heartbeat (epoch seconds); a failed fetch shows one 'Error fetching heartbeat'. */
export function useHeartbeats(enabled: boolean): Heartbeats {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const [beats, setBeats] = useState<Heartbeats>({});

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const load = async () => {
      const results = await Promise.allSettled(HEARTBEAT_SERVICES.map((s) => dataProvider.heartbeat(s)));
      if (cancelled) return;
      const next: Heartbeats = {};
      HEARTBEAT_SERVICES.forEach((service, i) => {
        const result = results[i];
        next[service] = result?.status === 'fulfilled' && Number.isFinite(result.value) ? result.value : null;
      });
      setBeats(next);
      if (results.some((r) => r.status === 'rejected')) notify(HEARTBEAT_ERROR, { type: 'error' });
    };
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [enabled, dataProvider, notify]);

  return beats;
}
