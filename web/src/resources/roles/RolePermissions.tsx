import { Box, Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useGetMany, useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { groupPermissions, type PermissionRecord } from './groupPermissions';
import { MethodChip } from './MethodChip';

/** The role's permissions, read only, grouped by service and resource. */
export const RolePermissions = () => {
  const record = useRecordContext();
  const ids = Array.isArray(record?.permissions) ? (record.permissions as number[]) : [];
  const { data = [] } = useGetMany<PermissionRecord & { id: number }>(
    resources.permissions.path,
    { ids },
    { enabled: ids.length > 0 },
  );
  if (ids.length === 0) return <NAText />;
  return (
    <Stack spacing={2}>
      {groupPermissions(data).map((group) => (
        <Box key={group.service}>
          <Typography variant="overline" sx={{ fontWeight: 700 }}>
            {group.service}
          </Typography>
          {group.resources
            .flatMap((r) => r.permissions)
            .map((p) => (
              <Box key={p.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}>
                <MethodChip method={p.method} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {p.route}
                </Typography>
              </Box>
            ))}
        </Box>
      ))}
    </Stack>
  );
};
