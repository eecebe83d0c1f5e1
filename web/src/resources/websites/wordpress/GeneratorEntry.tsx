import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { generatorVersionError, textLines } from './siteActions';

export const GENERATOR_LABEL = 'Version (WordPress X.X.X)';

/**
 * The fake generator (SPEC §5): the WordPress version the site shows publicly; empty removes the override.
 * The real version is always the companion's. Shows the text lines the server answers.
 */
export const GeneratorEntry = ({
  websiteId,
  current,
  onChanged,
}: {
  websiteId: number | string;
  current: unknown;
  /** After the site took the new version (the connection's record changed). */
  onChanged?: () => void;
}) => {
  const [version, setVersion] = useState(typeof current === 'string' ? current : '');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const invalid = generatorVersionError(version);

  const send = async () => {
    setBusy(true);
    setAnswer(null);
    try {
      const text = await callAction(actions.wordpress.updateGenerator, {
        params: { id: String(websiteId) },
        query: { version: version.trim() },
      });
      setAnswer({ ok: true, lines: textLines(text) });
      onChanged?.();
    } catch (error) {
      setAnswer({ ok: false, lines: [`Error: ${errorMessage(error)}`] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 480 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={GENERATOR_LABEL}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          error={invalid !== undefined}
          helperText={invalid ?? 'Empty shows the real version again'}
          slotProps={{ htmlInput: { maxLength: 12, inputMode: 'decimal' } }}
        />
        <Button
          variant="outlined"
          size="small"
          sx={{ mt: 0.5 }}
          onClick={send}
          disabled={busy || invalid !== undefined}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          Set version
        </Button>
      </Box>
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} data-testid="generator-answer">
          {answer.lines.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
};
