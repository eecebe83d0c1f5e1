import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenu } from 'react-admin';
import { NotificationBell } from './bell/NotificationBell';
import { Breadcrumbs } from './Breadcrumbs';
import { useFirstScreenSettled } from './firstScreen';
import { Heartbeat } from './Heartbeat';
import { VersionLabel } from './VersionLabel';

/** The heartbeats and the bell ask the server only once the first screen has its data (firstScreen.ts). */
const Tools = () => {
  const settled = useFirstScreenSettled();
  return (
    <>
      <Heartbeat enabled={settled} />
      <VersionLabel />
      <LoadingIndicator />
      <NotificationBell enabled={settled} />
    </>
  );
};

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
