import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, Tooltip } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useListContext, useNotify } from 'react-admin';
import { downloadBlob } from '../../common/list/export/download';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';

/** The filtered website's disavow list as a file for Google Search Console (one website per file). */
export const ExportDisavowButton = () => {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const websiteId = (filterValues as { website_id?: unknown }).website_id;
  const ready = typeof websiteId === 'number' || (typeof websiteId === 'string' && websiteId !== '');
  const download = async () => {
    try {
      const text = await callAction(actions.backlinks.exportDisavowFile, {
        params: { id: String(websiteId) },
      });
      downloadBlob(new Blob([text], { type: 'text/plain' }), `disavow-${String(websiteId)}.txt`);
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  return (
    <Tooltip title={ready ? 'The file Google Search Console takes' : 'Filter by a website first'}>
      <span>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={!ready}
          onClick={() => void download()}
        >
          Disavow file
        </Button>
      </span>
    </Tooltip>
  );
};
