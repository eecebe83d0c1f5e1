import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { actions } from '@sitefleet/shared';
import { useNotify } from 'react-admin';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import { callAction } from '../../providers/actions';

const spec = actions.backlinks.checkAffiliateLink;

/** Requests the permalink now and says whether it redirects as declared. */
export const CheckAffiliateButton = () => {
  const notify = useNotify();
  const { allowed, busy, run } = useRecordAction(spec);
  if (!allowed) return null;
  const check = async () => {
    const r = await run((id) => callAction(spec, { params: { id } }));
    if (r) notify(r.data.message, { type: r.data.link_confirmed ? 'success' : 'warning' });
  };
  return (
    <ActionButton
      label="Check redirect"
      icon={<FactCheckOutlined />}
      busy={busy}
      onClick={() => void check()}
    />
  );
};
