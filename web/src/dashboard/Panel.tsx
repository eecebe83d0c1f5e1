import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '../providers/http';

/** SPEC §8: the message of a panel whose call failed. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

interface Props<T> {
  title: string;
  query: UseQueryResult<T>;
  /** Where the figures come from (the answer's `source`), named in the info tooltip. */
  source: (data: T) => string;
  /** The SPEC §8 empty state, when `isEmpty` holds for the answer. */
  empty: string;
  isEmpty: (data: T) => boolean;
  /** What a failed call shows (default: the server's message). */
  failure?: string;
  /** Controls beside the heading (view toggles, selectors). */
  actions?: ReactNode;
  /** Lines above the content (warnings) of an answer with figures. */
  notices?: (data: T) => ReactNode;
  testId: string;
  children: (data: T) => ReactNode;
}

/**
 * A dashboard panel (SPEC §2.3): a card with a heading and an info tooltip naming its data source; a
 * skeleton while its call runs, the SPEC §8 empty state, and its own error (never the page's).
 */
export function Panel<T>({
  title,
  query,
  source,
  empty,
  isEmpty,
  failure,
  actions,
  notices,
  testId,
  children,
}: Props<T>) {
  const headingId = useId();
  const { data, error, isPending, refetch } = query;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ height: '100%', minWidth: 0 }}
    >
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, minHeight: 36, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {data !== undefined && (
            <Tooltip title={`Source: ${source(data)}`}>
              <IconButton
                size="small"
                aria-label={`Source: ${source(data)}`}
                data-testid="panel-source"
                sx={{ color: 'text.secondary', p: 0.25 }}
              >
                <InfoOutlined sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          )}
          <Box sx={{ flex: 1 }} />
          {actions}
        </Stack>
        {isPending ? (
          <Box data-testid="panel-loading" aria-busy="true">
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={160} />
          </Box>
        ) : error ? (
          <Alert
            severity="error"
            data-testid="panel-error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            {failure ?? errorMessage(error)}
          </Alert>
        ) : isEmpty(data) ? (
          <Typography
            variant="body2"
            sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
            data-testid="panel-empty"
          >
            {empty}
          </Typography>
        ) : (
          <>
            {notices?.(data)}
            {children(data)}
          </>
        )}
      </CardContent>
    </Card>
  );
}
