import { Autocomplete, Card, CardContent, TextField, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ResourceList } from '../../common/list/ResourceList';
import { derivedColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';

const columns = derivedColumns(resources.affiliateLinks);
const filters = screenFilters(resources.affiliateLinks);
export const SELECT_WEBSITE = 'Select a website to see its affiliate links';

/** The website the list's filter names, if any. */
function websiteFilter(search: string): unknown {
  try {
    const filter = JSON.parse(new URLSearchParams(search).get('filter') ?? '{}') as Record<string, unknown>;
    return filter.website_id;
  } catch {
    return undefined;
  }
}

/** SPEC §2.5: the list asks for a website first, then shows that website's affiliate links. */
export const AffiliateLinkList = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList(resources.websites.path, {
    filter: search ? { q: search } : {},
    sort: { field: 'hostname', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  if (websiteFilter(location.search) !== undefined)
    return <ResourceList columns={columns} filters={filters} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <CardContent>
        <Typography variant="h6" sx={{ fontWeight: 400, mb: 2 }}>
          {SELECT_WEBSITE}
        </Typography>
        <Autocomplete
          options={data}
          loading={isPending}
          getOptionLabel={(w) => String(w.hostname)}
          onInputChange={(_, value) => setSearch(value)}
          onChange={(_, w) => {
            if (w)
              navigate({
                pathname: location.pathname,
                search: `?filter=${encodeURIComponent(JSON.stringify({ website_id: w.id }))}`,
              });
          }}
          renderInput={(params) => <TextField {...params} label="Website" />}
        />
      </CardContent>
    </Card>
  );
};
