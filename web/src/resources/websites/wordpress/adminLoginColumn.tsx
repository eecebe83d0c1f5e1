import type { ColumnDef } from '../../../common/list/columns';
import { ADMIN_LOGIN, AdminLoginButton } from './AdminLoginButton';

/** The one-click login column of the lists that offer it (websites, public products limited). */
export const adminLoginColumn: ColumnDef = {
  source: 'admin_login',
  label: ADMIN_LOGIN,
  sortable: false,
  align: 'center',
  render: () => <AdminLoginButton icon />,
  exportValue: () => null,
};
