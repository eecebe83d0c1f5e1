import { actionPath, actions, TIMINGS } from '@sitefleet/shared';
import { useEffect, useState } from 'react';

export const RUNNING_VERSION = __APP_VERSION__;

/** A fetched version differs from the running build (blank answers and errors never count). */
export function isNewVersion(fetched: string | null | undefined, running: string): boolean {
  const value = fetched?.trim();
  return Boolean(value) && value !== running && value!.length < 200 && !value!.startsWith('<');
}

export async function fetchVersion(now = Date.now()): Promise<string | null> {
  try {
    const res = await fetch(`${actionPath(actions.system.version)}?t=${now}`, { cache: 'no-store' });
    return res.ok ? (await res.text()).trim() : null;
  } catch {
    return null;
  }
}

/** Polls version.txt every 60 s (with a cache buster); returns the newer version once one is deployed. */
export function useNewVersion(enabled = import.meta.env.PROD): string | null {
  const [found, setFound] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const check = async () => {
      const fetched = await fetchVersion();
      if (!cancelled && isNewVersion(fetched, RUNNING_VERSION)) setFound(fetched);
    };
    void check();
    const timer = setInterval(check, TIMINGS.versionPollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [enabled]);
  return found;
}
