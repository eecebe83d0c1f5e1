import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { truncate } from '../../common/format/text';
import type { KeywordFinding } from './format';

const SAMPLE_LIMIT = 80;
const WHERE_LABELS: Record<string, string> = { text: 'Text', link: 'Link text', attribute: 'Attribute' };

/** The keyword checker's answer for one page: which keywords it found where, and which it did not. */
export const KeywordFindings = ({ found, missing }: { found: KeywordFinding[]; missing: string[] }) => (
  <Stack spacing={1} sx={{ mt: 1 }} data-testid="keyword-findings">
    {found.length > 0 ? (
      <Table size="small" aria-label="Keywords found" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Keyword</TableCell>
            <TableCell>Found in</TableCell>
            <TableCell align="right">Count</TableCell>
            <TableCell>Samples</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {found.map((f) => (
            <TableRow key={f.keyword} data-testid="keyword-found">
              <TableCell sx={{ fontWeight: 500 }}>{f.keyword}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5}>
                  {f.where.map((w) => (
                    <Chip key={w} size="small" color="warning" label={WHERE_LABELS[w] ?? w} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right">{f.count}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                {(f.samples ?? []).map((s) => truncate(s, SAMPLE_LIMIT)).join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    ) : (
      <Typography variant="body2" sx={{ color: 'success.main' }}>
        None of the keywords found
      </Typography>
    )}
    {missing.length > 0 && (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', mr: 0.5 }}>
          Not found:
        </Typography>
        {missing.map((m) => (
          <Chip key={m} size="small" variant="outlined" label={m} data-testid="keyword-missing" />
        ))}
      </Stack>
    )}
  </Stack>
);
