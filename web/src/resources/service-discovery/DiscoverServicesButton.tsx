import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { useListContext, useNotify, usePermissions, useRefresh } from 'react-admin';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

const spec = actions.serviceDiscovery.discoverServices;

/** What a discovery did, in one sentence. */
export function discoveryMessage(r: { added: unknown[]; listed: unknown[]; unanswered: unknown[] }): string {
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  return `Discovery added ${n(r.added.length, 'service')}; ${r.listed.length} already listed, ${r.unanswered.length} not answering`;
}

/**
 * The filtered website's services discovered from its DNS (www, MX, NS, the usual subdomains): those that
 * answer are added, verified. One website at a time: the list must be filtered by one.
 */
export const DiscoverServicesButton = () => {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Permissions>();
  const [busy, setBusy] = useState(false);
  if (!mayCall(permissions ?? NO_PERMISSIONS, spec)) return null;
  const websiteId = (filterValues as { website_id?: unknown }).website_id;
  const ready = typeof websiteId === 'number' || (typeof websiteId === 'string' && websiteId !== '');
  const discover = async () => {
    setBusy(true);
    try {
      const r = await callAction(spec, { params: { id: String(websiteId) } });
      notify(discoveryMessage(r.data), { type: r.data.added.length ? 'success' : 'info' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip
      title={
        ready ? 'Look the website up in DNS and add the services that answer' : 'Filter by a website first'
      }
    >
      <span>
        <Button
          size="small"
          startIcon={busy ? <CircularProgress size={16} /> : <TravelExploreOutlined />}
          disabled={!ready || busy}
          onClick={() => void discover()}
        >
          Discover
        </Button>
      </span>
    </Tooltip>
  );
};
