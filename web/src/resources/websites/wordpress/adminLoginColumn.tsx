import { CircularProgress } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import type { ColumnDef } from '../../../common/list/columns';
import { CellIcon } from '../../../common/list/table/cellParts';
import { ICONS } from '../../../common/list/table/icons';
import { ADMIN_LOGIN, AdminLoginButton } from './AdminLoginButton';
import { useAdminLogin } from './useAdminLogin';

const AdminLoginContext = createContext<ReturnType<typeof useAdminLogin> | null>(null);

/** The permissions and the login call, read once for the table rather than in each row. */
const AdminLoginScope = ({ children }: { children: ReactNode }) => (
  <AdminLoginContext.Provider value={useAdminLogin()}>{children}</AdminLoginContext.Provider>
);

/** The row's icon button (AdminLoginButton's icon form, drawn with the list table's parts). */
const AdminLoginCell = ({ record }: { record: Record<string, unknown> }) => {
  const login = useContext(AdminLoginContext);
  const id = record.id;
  if (!login) return <AdminLoginButton icon />;
  if ((typeof id !== 'number' && typeof id !== 'string') || !login.canOpen({ ...record, id })) return null;
  const waiting = login.busy === id;
  return (
    <span data-tip={ADMIN_LOGIN}>
      <button
        type="button"
        className="sf-icon-button"
        aria-label={ADMIN_LOGIN}
        disabled={waiting}
        onClick={(e) => {
          e.stopPropagation();
          void login.open(id);
        }}
      >
        {waiting ? <CircularProgress size={16} /> : <CellIcon paths={ICONS.admin} size={20} />}
      </button>
    </span>
  );
};

/** The one-click login column of the lists that offer it (websites, public products limited). */
export const adminLoginColumn: ColumnDef = {
  source: 'admin_login',
  label: ADMIN_LOGIN,
  sortable: false,
  align: 'center',
  render: (record) => <AdminLoginCell record={record} />,
  exportValue: () => null,
  Scope: AdminLoginScope,
};
