import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, useCreate, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { errorMessage } from '../../providers/http';
import { specOf } from '../../providers/writable';
import { duplicateData } from './duplicate';

/** Creates a copy of the record (title suffixed _2) and opens it for editing (SPEC §7.1). */
export const DuplicateButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record) return null;

  const duplicate = () =>
    create(
      resource,
      { data: duplicateData(record, specOf(resource)?.titleField ?? 'title') },
      {
        onSuccess: (created) => {
          notify('Duplicate created', { type: 'success' });
          redirect('edit', resource, created.id);
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );

  return (
    <Button label="Duplicate" onClick={duplicate} disabled={isPending} startIcon={<ContentCopyIcon />} />
  );
};
