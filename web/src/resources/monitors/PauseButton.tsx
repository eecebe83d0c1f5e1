import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { Button, CircularProgress } from '@mui/material';
import {
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useUpdate,
} from 'react-admin';
import { errorMessage } from '../../providers/http';

/** Pauses or resumes the checks: PATCH {paused, version}, then the page reloads. */
export const PauseButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'edit', record });
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !canAccess) return null;
  const pause = record.paused !== true;

  const toggle = () =>
    update(
      resource,
      { id: record.id, data: { paused: pause }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(pause ? 'Monitor paused' : 'Monitor resumed', { type: 'success' });
          refresh();
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );

  return (
    <Button
      size="small"
      onClick={toggle}
      disabled={isPending}
      startIcon={
        isPending ? <CircularProgress size={16} /> : pause ? <PauseOutlined /> : <PlayArrowOutlined />
      }
    >
      {pause ? 'Pause' : 'Resume'}
    </Button>
  );
};
