import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Autocomplete, Box, Button, CircularProgress, MenuItem, TextField } from '@mui/material';
import { actions, LIMITS, resources, type ActionBody } from '@sitefleet/shared';
import { useMemo, useState } from 'react';
import { useGetList, usePermissions, useRecordContext } from 'react-admin';
import { callAction } from '../../providers/actions';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { useStartRun } from '../cron-jobs/useStartRun';

type PluginOperation = ActionBody<typeof actions.wordpress.pluginBulk>['operation'];

/** Every operation the action declares (the Record makes the list complete), in menu order. */
export const OPERATION_LABELS: Record<PluginOperation, string> = {
  install: 'Install',
  activate: 'Activate',
  deactivate: 'Deactivate',
  update: 'Update (safe update)',
  delete: 'Delete',
};
const PLUGIN_OPERATIONS = Object.keys(OPERATION_LABELS) as PluginOperation[];

export interface SiteOption {
  website_id: number;
  label: string;
}

type Row = Record<string, unknown>;

/** The sites offered: for install every site with a WordPress connection, else those that have the plugin. */
export function siteOptions(operation: PluginOperation, connections: Row[], installs: Row[]): SiteOption[] {
  const rows = operation === 'install' ? connections : installs;
  const seen = new Set<number>();
  const options: SiteOption[] = [];
  for (const row of rows) {
    const id = Number(row.website_id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const name = String(row.website_hostname ?? row.url ?? `#${id}`);
    const state =
      operation === 'install'
        ? ''
        : [
            row.active ? 'active' : 'inactive',
            row.installed_version ? `v${String(row.installed_version)}` : '',
            row.update_version ? `update ${String(row.update_version)}` : '',
          ]
            .filter(Boolean)
            .join(', ');
    options.push({ website_id: id, label: state ? `${name} (${state})` : name });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

const ALL = { page: 1, perPage: LIMITS.maxPerPage };

/**
 * SPEC §2.5 plugin Bulk Actions: one operation on the chosen sites, run as one command whose cron run
 * (a result per site) opens when it starts.
 */
export const PluginBulkActions = (_: { label?: false }) => {
  const record = useRecordContext();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun('dms');
  const [operation, setOperation] = useState<PluginOperation>('update');
  const [chosen, setChosen] = useState<SiteOption[]>([]);
  const [busy, setBusy] = useState(false);
  const allowed = mayCall(permissions ?? NO_PERMISSIONS, actions.wordpress.pluginBulk);
  const installs = useGetList(
    resources.installedPlugins.path,
    { pagination: ALL, sort: { field: 'plugin_file', order: 'ASC' }, filter: { plugin_id: record?.id } },
    { enabled: record !== undefined && allowed },
  );
  const connections = useGetList(
    resources.wpSites.path,
    { pagination: ALL, sort: { field: 'url', order: 'ASC' } },
    { enabled: record !== undefined && allowed && operation === 'install' },
  );
  const options = useMemo(
    () => siteOptions(operation, connections.data ?? [], installs.data ?? []),
    [operation, connections.data, installs.data],
  );
  if (!record) return null;
  if (!allowed) return <Alert severity="info">You may not run bulk actions on plugins.</Alert>;
  const loading = operation === 'install' ? connections.isPending : installs.isPending;

  const run = async () => {
    setBusy(true);
    await startRun(async () => {
      const res = await callAction(actions.wordpress.pluginBulk, {
        params: { id: String(record.id) },
        body: { operation, website_ids: chosen.map((o) => o.website_id) },
      });
      return res.cron_id;
    });
    setBusy(false);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720, py: 1 }}>
      <TextField
        select
        label="Operation"
        size="small"
        value={operation}
        onChange={(e) => {
          setOperation(e.target.value as PluginOperation);
          setChosen([]);
        }}
        sx={{ maxWidth: 280 }}
      >
        {PLUGIN_OPERATIONS.map((op) => (
          <MenuItem key={op} value={op}>
            {OPERATION_LABELS[op]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={options}
        value={chosen}
        loading={loading}
        onChange={(_e, value) => setChosen(value)}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.website_id === b.website_id}
        slotProps={{ chip: { size: 'small' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Websites"
            size="small"
            helperText={
              operation === 'install'
                ? 'Any website with a WordPress connection'
                : 'The websites that have this plugin installed'
            }
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" onClick={() => setChosen(options)} disabled={!options.length}>
          Choose all {options.length}
        </Button>
        <Button
          variant="contained"
          size="small"
          onClick={run}
          disabled={busy || chosen.length === 0}
          startIcon={busy ? <CircularProgress size={16} /> : <PlayArrow />}
        >
          Run on {chosen.length} {chosen.length === 1 ? 'site' : 'sites'}
        </Button>
      </Box>
    </Box>
  );
};
