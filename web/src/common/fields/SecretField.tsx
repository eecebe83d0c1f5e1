import ContentCopy from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { Box, Button, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { isStepUpRequired } from '../../providers/stepUp';
import { getPath } from '../list/export/exportRules';
import { MASK, NOT_SET, REVEAL_MS, revealRoute, secretFlagPath } from './secret';
import { StepUpDialog } from './StepUpDialog';

interface Props {
  /** The secret's field as the reveal call names it: `password`, `google_account.password`. */
  source: string;
  /** Read by the show layout, which draws it above the value. */
  label?: string;
}

/**
 * A stored secret: masked (or 'Not set'), with Reveal → the value, Copy and Hide. The value lives only in
 * this component's state: never in a list, an export, the URL or the store, and it hides itself again.
 * Reveal shows only to users holding the resource's reveal permission; when the server wants the password
 * confirmed first, it asks for it and then reveals.
 */
export const SecretField = ({ source }: Props) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions<Permissions>();
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const id = record?.id;

  useEffect(() => setValue(null), [id, source]);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [value]);

  if (!record) return null;
  if (getPath(record, secretFlagPath(source)) !== true)
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.disabled' }}>
        {NOT_SET}
      </Typography>
    );

  const canReveal = hasRoute(permissions ?? NO_PERMISSIONS, 'POST', revealRoute(resource));
  const reveal = async () => {
    setBusy(true);
    try {
      setValue((await dataProvider.reveal(resource, record.id, source)) ?? '');
    } catch (error) {
      if (isStepUpRequired(error)) setConfirming(true);
      else notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      notify('Copied to clipboard', { type: 'info' });
    } catch {
      notify('Could not copy to the clipboard', { type: 'warning' });
    }
  };

  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 30 }}
      data-testid={`secret-${source}`}
    >
      <Typography
        component="span"
        variant="body2"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        data-testid="secret-value"
      >
        {value === null ? MASK : value}
      </Typography>
      {value === null ? (
        canReveal && (
          <Button
            size="small"
            onClick={reveal}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} /> : <Visibility fontSize="small" />}
          >
            Reveal
          </Button>
        )
      ) : (
        <>
          <Tooltip title="Copy">
            <IconButton size="small" aria-label="Copy" onClick={copy}>
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Tooltip>
          <Button size="small" onClick={() => setValue(null)} startIcon={<VisibilityOff fontSize="small" />}>
            Hide
          </Button>
        </>
      )}
      <StepUpDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirmed={() => {
          setConfirming(false);
          void reveal();
        }}
      />
    </Box>
  );
};
