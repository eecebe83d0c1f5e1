import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { NAText } from './NA';

/** A link to a record's show page, for references the record already carries (website.domain). */
export const RecordLink = ({ resource, id, text }: { resource: string; id: unknown; text: unknown }) => {
  if (id === null || id === undefined) return <NAText />;
  return (
    <Link
      component={RouterLink}
      to={`/${resource}/${encodeURIComponent(String(id))}/show`}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      underline="hover"
    >
      {text === null || text === undefined || text === '' ? `#${String(id)}` : String(text)}
    </Link>
  );
};
