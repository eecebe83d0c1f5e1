import { Alert } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { OpenLinkButton } from '../../common/fields/OpenLinkButton';
import { runcloudUrl } from '../../common/format/links';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { domainDnsColumns } from '../dns-records/columns';
import { indexedHistoryColumns } from './scanColumns';
import { CommentsPanel } from './comments/CommentsPanel';
import { ScanSiteButton } from './ScanSiteButton';
import { WebsiteAccounts } from './WebsiteAccounts';
import { WebsiteAlerts } from './WebsiteAlerts';
import { WebsiteDirectory } from './WebsiteDirectory';
import { WebsiteOverview } from './WebsiteOverview';
import { WebsitePages } from './WebsitePages';
import { StaticGeneratorButton } from './static/StaticGeneratorButton';
import { AdminLoginButton } from './wordpress/AdminLoginButton';
import { UpdateWpDataMenu } from './wordpress/UpdateWpDataMenu';
import { WordpressTab } from './wordpress/WordpressTab';
import { WebsiteSeo } from './WebsiteSeo';

/** Open the site (new tab) and its hosting panel: the web app dashboard, else the server summary. */
const SiteLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <OpenLinkButton href={typeof record.url === 'string' ? record.url : null} label="Open site" />
      <OpenLinkButton
        href={runcloudUrl(record.runcloud_server_id, record.runcloud_webapp_id)}
        label="Open in RunCloud"
      />
      <ScanSiteButton />
      <AdminLoginButton />
      <UpdateWpDataMenu />
      <StaticGeneratorButton />
    </>
  );
};

const SiteDns = (_: { label: false }) => {
  const record = useRecordContext();
  if (record && record.domain_id == null)
    return <Alert severity="info">This site is not linked to a domain of the portfolio.</Alert>;
  return (
    <ReferenceList
      reference={resources.dnsRecords.path}
      target="domain_id"
      source="domain_id"
      columns={domainDnsColumns}
    />
  );
};

export const WebsiteShow = () => (
  <RecordShow actions={<SiteLinks />}>
    <TabbedShowLayout.Tab label="Overview">
      <WebsiteOverview label={false} />
      <WebsiteAccounts label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Wordpress" path="wordpress">
      <WordpressTab label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Directory" path="directory">
      <WebsiteDirectory label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="DNS" path="dns">
      <SiteDns label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Indexed History" path="indexed-history">
      <ReferenceList
        reference={resources.indexedHistory.path}
        target="website_id"
        columns={indexedHistoryColumns}
        rowClick={false}
        listLink={false}
      />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="SEO" path="seo">
      <WebsiteSeo label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Pages" path="pages">
      <WebsitePages label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Alerts" path="alerts">
      <WebsiteAlerts label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Comments" path="comments">
      <CommentsPanel label={false} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
