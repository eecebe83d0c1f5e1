import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, InputAdornment, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useMemo, useState } from 'react';
import { useGetList, useInput } from 'react-admin';
import { groupPermissions, matchesSearch, toggleIds, type PermissionRecord } from './groupPermissions';
import { PermissionGroup } from './PermissionGroup';

/** SPEC §9: the permission picker lists up to 999 permissions. */
const PICKER_SIZE = 999;

/** Picks a role's permissions, grouped by service and resource, with a search box. */
export const PermissionPicker = () => {
  const { field } = useInput({ source: 'permissions', defaultValue: [] });
  const selected: Array<number | string> = Array.isArray(field.value) ? field.value : [];
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const {
    data = [],
    isPending,
    error,
  } = useGetList<PermissionRecord & { id: number }>(resources.permissions.path, {
    pagination: { page: 1, perPage: PICKER_SIZE },
    sort: { field: 'route', order: 'ASC' },
  });

  const groups = useMemo(
    () => groupPermissions(data.filter((p) => matchesSearch(p, search))),
    [data, search],
  );

  const toggle = (ids: Array<number | string>, on: boolean) => field.onChange(toggleIds(selected, ids, on));

  return (
    <Box sx={{ width: '100%', maxWidth: 1000 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle2">Permissions</Typography>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
          data-testid="permission-count"
        >
          {selected.length} selected
        </Typography>
        <Box sx={{ flex: 1 }} />
        <TextField
          size="small"
          variant="outlined"
          margin="none"
          fullWidth={false}
          sx={{ width: 300 }}
          placeholder="Search method or route"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {isPending && <LinearProgress />}
      {error ? <Alert severity="error">The permissions could not be loaded.</Alert> : null}
      {!isPending && groups.length === 0 && <Alert severity="info">No permission matches this search.</Alert>}
      {groups.map((group) => (
        <PermissionGroup
          key={group.service}
          group={group}
          selected={selected}
          onToggle={toggle}
          expanded={search.trim() !== '' || expanded.includes(group.service)}
          onExpand={(open) => setExpanded((e) => toggleIds(e, [group.service], open))}
        />
      ))}
    </Box>
  );
};
