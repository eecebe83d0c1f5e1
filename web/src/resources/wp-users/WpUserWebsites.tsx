import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { LIMITS, resources } from '@sitefleet/shared';
import { useMemo } from 'react';
import { Loading, useGetList, useRecordContext } from 'react-admin';
import { RecordLink } from '../../common/fields/RecordLink';
import { ChipsValue, TextValue } from '../../common/fields/Values';
import { NoRows } from '../../common/list/NoRows';
import { sameUserSites } from './sameUser';

const ALL = { page: 1, perPage: LIMITS.maxPerPage };
const SORT = { field: 'user_login', order: 'ASC' } as const;

/** SPEC §2.5 wp-user Websites tab: every site where a user with the same login or e-mail exists. */
export const WpUserWebsites = (_: { label?: false }) => {
  const user = useRecordContext();
  const login = typeof user?.user_login === 'string' ? user.user_login : '';
  const email = typeof user?.user_email === 'string' ? user.user_email : '';
  const byLogin = useGetList(
    resources.wpUsers.path,
    { pagination: ALL, sort: SORT, filter: { user_login: login } },
    { enabled: login !== '' },
  );
  const byEmail = useGetList(
    resources.wpUsers.path,
    { pagination: ALL, sort: SORT, filter: { user_email: email } },
    { enabled: email !== '' },
  );
  const rows = useMemo(
    () => (user ? sameUserSites(user, [...(byLogin.data ?? []), ...(byEmail.data ?? [])]) : []),
    [user, byLogin.data, byEmail.data],
  );
  if (!user) return null;
  if ((login && byLogin.isPending) || (email && byEmail.isPending)) return <Loading />;
  if (!rows.length) return <NoRows />;
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }} data-testid="wp-user-websites">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Website</TableCell>
            <TableCell>Login</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Display name</TableCell>
            <TableCell>Roles</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={String(r.id)}>
              <TableCell>
                <RecordLink resource={resources.websites.path} id={r.website_id} text={r.website_hostname} />
              </TableCell>
              <TableCell>
                <TextValue value={r.user_login} />
              </TableCell>
              <TableCell>
                <TextValue value={r.user_email} />
              </TableCell>
              <TableCell>
                <TextValue value={r.display_name} />
              </TableCell>
              <TableCell>
                <ChipsValue value={r.roles} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
