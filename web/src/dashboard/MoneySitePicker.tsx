import { Autocomplete, TextField } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useGetList } from 'react-admin';
import { hasResource } from '../resources';

export const WEBSITES = resources.websites.path;
/** SPEC §9: the money-site picker loads up to 900 sites. */
const MONEY_SITES = 900;

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
}

/** Websites of type MONEY and status LIVE (SPEC §2.3); disabled in a build without the websites screens. */
export const MoneySitePicker = ({ value, onChange }: Props) => {
  const available = hasResource(WEBSITES);
  const { data = [], isPending } = useGetList(
    WEBSITES,
    {
      pagination: { page: 1, perPage: MONEY_SITES },
      sort: { field: 'hostname', order: 'ASC' },
      filter: { type: 'MONEY', status: 'LIVE' },
    },
    { enabled: available, retry: false },
  );
  const options = data.map((w) => ({
    id: Number(w.id),
    label: String(w.friendly_name ?? w.hostname ?? w.url ?? w.id),
  }));
  return (
    <Autocomplete
      sx={{ maxWidth: 420 }}
      options={options}
      loading={available && isPending}
      disabled={!available}
      value={options.find((o) => o.id === value) ?? null}
      onChange={(_, option) => onChange(option?.id ?? null)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No live money sites"
      renderInput={(params) => (
        <TextField
          {...params}
          variant="outlined"
          label="Money site"
          helperText={
            available ? undefined : 'Money sites appear here once websites are added to the console.'
          }
        />
      )}
    />
  );
};
