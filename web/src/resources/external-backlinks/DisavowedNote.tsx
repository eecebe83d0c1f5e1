import { Alert } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { callAction } from '../../providers/actions';

/**
 * Warns when the linking page is disavowed (its domain, a parent domain or the URL), for the link's own
 * website or another: a bought link Google is told to ignore is money spent for nothing.
 */
export const DisavowedNote = (_: { label?: string }) => {
  const record = useRecordContext();
  const backlink = typeof record?.backlink === 'string' ? record.backlink : null;
  const { data } = useQuery({
    queryKey: ['is-disavowed', backlink],
    queryFn: ({ signal }) =>
      callAction(actions.backlinks.isDisavowed, { query: { value: backlink! } }, { signal }),
    enabled: backlink !== null,
    retry: false,
  });
  if (!data) return null;
  const hits = [...data.data.domains, ...data.data.urls];
  if (!hits.length) return null;
  const own = hits.some((h) => h.website_id === record?.website_id);
  return (
    <Alert severity="warning" data-testid="disavowed-note" sx={{ gridColumn: '1 / -1' }}>
      {own
        ? 'This linking page is on its website’s disavow list: Google is told to ignore the link.'
        : `This linking page is disavowed by ${hits.length === 1 ? 'another website' : 'other websites'} of the portfolio.`}
    </Alert>
  );
};
