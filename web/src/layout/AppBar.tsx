import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenu } from 'react-admin';
import { NotificationBell } from './bell/NotificationBell';
import { Breadcrumbs } from './Breadcrumbs';
import { Heartbeat } from './Heartbeat';
import { VersionLabel } from './VersionLabel';

const Tools = () => (
  <>
    <Heartbeat />
    <VersionLabel />
    <LoadingIndicator />
    <NotificationBell />
  </>
);

/**
 * Top bar: sidebar toggle, breadcrumbs, heartbeats (admins), version, refresh, notification bell, user
 * menu with logout.
 */
export const AppBar = () => (
  <RaAppBar
    color="primary"
    toolbar={<Tools />}
    userMenu={
      <UserMenu>
        <Logout />
      </UserMenu>
    }
  >
    <Breadcrumbs />
  </RaAppBar>
);
