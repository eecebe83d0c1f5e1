import { Box, Button, Chip, Collapse, Stack, Typography } from '@mui/material';
import type { JobOutputItem } from '@sitefleet/shared';
import { useState } from 'react';
import { TimeValue } from '../../common/fields/Values';
import { NA } from '../../common/format/text';
import { splitOutput } from './format';
import { KeywordFindings } from './KeywordFindings';

/** One job's result: its key and message, keyword findings when any, and the rest as JSON on demand. */
export const OutputItem = ({ item, failed }: { item: JobOutputItem; failed: boolean }) => {
  const [open, setOpen] = useState(false);
  const { message, findings, extra } = splitOutput(item.output);
  return (
    <Box
      component="li"
      data-testid="output-item"
      data-key={item.key}
      sx={{ listStyle: 'none', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          component="span"
          variant="body2"
          sx={{ fontFamily: 'monospace', fontWeight: 500, wordBreak: 'break-all' }}
          data-testid="output-key"
        >
          {item.key}
        </Typography>
        <Typography
          component="span"
          variant="body2"
          sx={{ color: failed ? 'error.main' : 'text.primary', flex: 1, minWidth: 200 }}
          data-testid="output-message"
        >
          {message || NA}
        </Typography>
        {item.attempts > 1 && <Chip size="small" variant="outlined" label={`${item.attempts} attempts`} />}
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          <TimeValue value={item.finished_at} />
        </Typography>
        {extra && (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Hide details' : 'Details'}
          </Button>
        )}
      </Stack>
      {findings && <KeywordFindings found={findings.found} missing={findings.missing} />}
      {extra && (
        <Collapse in={open} unmountOnExit>
          <Box
            component="pre"
            data-testid="output-extra"
            sx={{
              m: 0,
              mt: 1,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: 12,
              overflowX: 'auto',
            }}
          >
            {JSON.stringify(extra, null, 2)}
          </Box>
        </Collapse>
      )}
    </Box>
  );
};
