import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { Loading, useGetList, useRecordContext } from 'react-admin';
import { ReferenceList } from '../../../common/list/ReferenceList';
import { errorMessage } from '../../../providers/http';
import { pluginInstallColumns } from '../../plugins/columns';
import { themeInstallColumns } from '../../themes/columns';
import { ConnectForm } from './ConnectForm';
import { ConnectionPanel } from './ConnectionPanel';
import { RecordLink } from '../../../common/fields/RecordLink';
import type { ColumnDef } from '../../../common/list/columns';

const named = (source: string, reference: string, idSource: string, label: string): ColumnDef => ({
  source,
  label,
  sortable: false,
  render: (r) => <RecordLink resource={reference} id={r[idSource]} text={r[source]} />,
});

const sitePluginColumns = [
  named('plugin_name', resources.plugins.path, 'plugin_id', 'Plugin'),
  ...pluginInstallColumns.filter((c) => c.source !== 'website_hostname'),
];
const siteThemeColumns = [
  named('theme_name', resources.themes.path, 'theme_id', 'Theme'),
  ...themeInstallColumns.filter((c) => c.source !== 'website_hostname'),
];

const Heading = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', fontWeight: 700 }}>
    {children}
  </Typography>
);

/**
 * SPEC §2.5 website Wordpress tab: Connect when the site has no connection; else its state, versions,
 * pending updates, last sync and error, the generator, and its installed plugins and themes.
 */
export const WordpressTab = (_: { label?: false }) => {
  const website = useRecordContext();
  const { data, isPending, error, refetch } = useGetList(
    resources.wpSites.path,
    { pagination: { page: 1, perPage: 1 }, filter: { website_id: website?.id } },
    { enabled: website !== undefined },
  );
  if (!website) return null;
  if (isPending) return <Loading />;
  if (error) return <Typography color="error">{errorMessage(error)}</Typography>;
  const connection = data?.[0];
  if (!connection)
    return (
      <ConnectForm
        websiteId={website.id}
        siteUrl={typeof website.url === 'string' ? website.url : ''}
        onConnected={() => void refetch()}
      />
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}>
      <ConnectionPanel websiteId={website.id} connection={connection} onChanged={() => void refetch()} />
      <Heading>Installed plugins</Heading>
      <ReferenceList
        reference={resources.installedPlugins.path}
        target="website_id"
        columns={sitePluginColumns}
      />
      <Heading>Installed themes</Heading>
      <ReferenceList
        reference={resources.installedThemes.path}
        target="website_id"
        columns={siteThemeColumns}
        rowClick={false}
      />
    </Box>
  );
};
