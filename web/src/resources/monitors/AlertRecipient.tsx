import { Link } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useGetManyAggregate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MonitorAlert } from './types';

const WEBSITES = resources.websites.path;

/** A site as people know it: its friendly name, else its host name. */
const siteName = (site: { friendly_name?: unknown; hostname?: unknown }) =>
  (typeof site.friendly_name === 'string' && site.friendly_name.trim()) ||
  (typeof site.hostname === 'string' ? site.hostname : '');

/** The website an alert was raised on, by name and linked to its page (the outbox stores its id). */
const WebsiteRecipient = ({ id }: { id: string }) => {
  // batched with the panel's other alerts into one get-many
  const { data, isPending } = useGetManyAggregate(WEBSITES, { ids: [/^\d+$/.test(id) ? Number(id) : id] });
  const site = data?.[0];
  if (isPending) return <span>…</span>;
  // deleted since, or not readable by this user
  if (!site) return <span>Website #{id}</span>;
  return (
    <Link component={RouterLink} to={`/${WEBSITES}/${encodeURIComponent(id)}/show`}>
      {siteName(site) || `Website #${id}`}
    </Link>
  );
};

/** Who an alert went to: an address, a number, or the website's alerts. */
export const AlertRecipient = ({ alert }: { alert: Pick<MonitorAlert, 'channel' | 'recipient'> }) =>
  alert.channel === 'website' ? <WebsiteRecipient id={alert.recipient} /> : <>{alert.recipient}</>;
