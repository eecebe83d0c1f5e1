import { DerivedShow } from '../../common/screens/DerivedScreens';
import { PERMISSION_KIND_LABELS } from './filters';

export const PermissionShow = () => <DerivedShow labels={{ kind: PERMISSION_KIND_LABELS }} />;
