import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useAdminLogin } from './useAdminLogin';

export const ADMIN_LOGIN = 'Admin login';

/** The record's (a website's) one-click wp-admin login; hidden where SPEC §6 hides it. */
export const AdminLoginButton = ({ icon = false }: { icon?: boolean }) => {
  const record = useRecordContext();
  const { canOpen, open, busy } = useAdminLogin();
  if (!record || !canOpen(record)) return null;
  const waiting = busy === record.id;
  const click = (e: React.MouseEvent) => {
    e.stopPropagation();
    void open(record.id);
  };
  if (icon)
    return (
      <Tooltip title={ADMIN_LOGIN}>
        <span>
          <IconButton size="small" aria-label={ADMIN_LOGIN} onClick={click} disabled={waiting}>
            {waiting ? <CircularProgress size={16} /> : <AdminPanelSettingsOutlined fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button
      size="small"
      onClick={click}
      disabled={waiting}
      startIcon={waiting ? <CircularProgress size={16} /> : <AdminPanelSettingsOutlined />}
    >
      {ADMIN_LOGIN}
    </Button>
  );
};
