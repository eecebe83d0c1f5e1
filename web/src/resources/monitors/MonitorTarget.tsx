import { ExternalLink } from '../../common/fields/ExternalLink';
import { TextValue } from '../../common/fields/Values';

/** http(s) targets open in a new tab; a ping host is plain text (prefixing http:// would mislead). */
export const MonitorTarget = ({ url, limit }: { url: unknown; limit?: number }) =>
  typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? (
    <ExternalLink url={url} limit={limit} />
  ) : (
    <TextValue value={url} />
  );
