import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { importTemplate, type ImportSpec } from '@sitefleet/shared';
import { csvBlob, downloadBlob } from '../list/export/download';

/** The columns a file may carry (required ones starred, an example in each tooltip) and the template. */
export const ImportColumns = ({ spec }: { spec: ImportSpec }) => (
  <Stack spacing={1}>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      One {spec.words.one} a line, separated by commas, semicolons or tabs. The first line names the columns
      {spec.headerOptional ? ' (or leave it out and give them in this order)' : ''}; other columns are left
      out. Up to {spec.maxRows.toLocaleString('en')} rows a file.
    </Typography>
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {Object.entries(spec.columns).map(([key, c]) => (
        <Tooltip
          key={key}
          title={[c.example, c.aliases?.length ? `also: ${c.aliases.join(', ')}` : '']
            .filter(Boolean)
            .join(' · ')}
        >
          <Chip
            size="small"
            variant="outlined"
            label={c.required ? `${c.header} *` : c.header}
            data-testid="import-column"
          />
        </Tooltip>
      ))}
      <Button
        size="small"
        startIcon={<DownloadOutlined />}
        onClick={() => downloadBlob(csvBlob(importTemplate(spec)), `${spec.resource.name}-import.csv`)}
      >
        Template
      </Button>
    </Stack>
  </Stack>
);
