import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListFilterContext } from 'react-admin';
import { removeFilter } from './filterRules';
import { SEARCH_KEY, widgetOf, type FilterDef } from './types';

const DEBOUNCE_MS = 400;

interface QuickInputProps {
  source: string;
  label: string;
  search?: boolean;
  clean?: (text: string) => string;
}

const QuickInput = ({ source, label, search, clean }: QuickInputProps) => {
  const { filterValues, setFilters } = useListFilterContext();
  const current = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : '';
  const [text, setText] = useState(current);
  const latest = useRef(filterValues);
  latest.current = filterValues;

  // Follow changes made elsewhere (a removed chip, the dialog, the URL).
  useEffect(() => setText(current), [current]);

  useEffect(() => {
    if (text === current) return;
    const timer = setTimeout(() => {
      const rest = removeFilter(latest.current, source);
      const value = (clean ? clean(text) : text).trim();
      setFilters(value ? { ...rest, [source]: value } : rest, {}, false);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, current, source, setFilters, clean]);

  return (
    <TextField
      size="small"
      variant="outlined"
      margin="none"
      fullWidth={false}
      placeholder={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{
        minWidth: 150,
        flex: search ? '1 1 200px' : '0 1 170px',
        maxWidth: search ? 320 : 200,
        display: search ? undefined : { xs: 'none', sm: 'inline-flex' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': label, 'data-source': source },
        input: search
          ? {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
};

/** The search box (full-text `q`) plus the filters a resource marks as quick (text filters only). */
export const QuickFilterBar = ({ defs }: { defs: readonly FilterDef[] }) => (
  <>
    <QuickInput source={SEARCH_KEY} label="Search" search />
    {defs
      .filter((d) => d.quick && widgetOf(d) === 'text')
      .map((d) => (
        <QuickInput key={d.source} source={d.source} label={d.label} clean={d.clean} />
      ))}
  </>
);
