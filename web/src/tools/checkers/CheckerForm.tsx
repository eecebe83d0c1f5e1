import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Form, Title, useDataProvider, usePermissions } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import {
  CHECKER_ACTIONS,
  type CheckerBodies,
  type CheckerName,
  type SitefleetDataProvider,
} from '../../providers/dataProvider';
import { hasRoute, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { RunButton } from '../../resources/cron-jobs/RunButton';
import { useStartRun } from '../../resources/cron-jobs/useStartRun';
import { ListField, type ListFieldDef } from './ListField';

interface Props<C extends CheckerName> {
  checker: C;
  title: string;
  description: string;
  /** The checker's lists; their sources and delimiter sources are the keys of its body. */
  lists: readonly ListFieldDef[];
  defaultValues: CheckerBodies[C];
  /** Shown above the form (the keyword checker's warning). */
  children?: ReactNode;
}

/**
 * The form of both checkers (SPEC §2.5, §7.5): lists with their delimiters and live counts, and Run. A run
 * that starts opens its dms cron run; a refused one stays here with the user's input and the errors
 * (SPEC §8: checker submit failure returns to the form).
 */
export const CheckerForm = <C extends CheckerName>({
  checker,
  title,
  description,
  lists,
  defaultValues,
  children,
}: Props<C>) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const startRun = useStartRun('dms');
  const [failure, setFailure] = useState<string | null>(null);
  // Running a checker is an action of its own (it starts outside work): without it there is no Run.
  const { permissions, isPending } = usePermissions<Permissions>();
  const canRun = hasRoute(permissions ?? NO_PERMISSIONS, 'POST', CHECKER_ACTIONS[checker].path);

  const submit = async (values: FieldValues) => {
    const body = Object.fromEntries(
      Object.keys(defaultValues).map((key) => [key, String(values[key] ?? '')]),
    ) as CheckerBodies[C];
    setFailure(null);
    const failed = await startRun(() => dataProvider.runChecker(checker, body));
    // field errors show on their inputs; anything else above the Run button
    setFailure(failed && !failed.fieldErrors ? failed.message : null);
    return failed?.fieldErrors;
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {description}
            </Typography>
            {children}
            <Form onSubmit={submit} defaultValues={defaultValues}>
              <Stack spacing={2}>
                {lists.map((def) => (
                  <ListField key={def.source} def={def} />
                ))}
                {failure && (
                  <Alert severity="error" data-testid="checker-failure">
                    {failure}
                  </Alert>
                )}
                <Box>
                  {canRun ? (
                    <RunButton />
                  ) : isPending ? null : (
                    <Alert severity="info">
                      You may not run this checker; an admin can grant it to your role.
                    </Alert>
                  )}
                </Box>
              </Stack>
            </Form>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
