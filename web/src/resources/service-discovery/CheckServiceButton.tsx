import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { actions } from '@sitefleet/shared';
import { useNotify } from 'react-admin';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import { callAction } from '../../providers/actions';

const spec = actions.serviceDiscovery.checkService;

/** Checks the service now (DNS, and an HTTP request for web services) and says what it found. */
export const CheckServiceButton = () => {
  const notify = useNotify();
  const { allowed, busy, run } = useRecordAction(spec);
  if (!allowed) return null;
  const check = async () => {
    const r = await run((id) => callAction(spec, { params: { id } }));
    if (r) notify(r.data.message, { type: r.data.verified ? 'success' : 'warning' });
  };
  return (
    <ActionButton label="Check now" icon={<FactCheckOutlined />} busy={busy} onClick={() => void check()} />
  );
};
