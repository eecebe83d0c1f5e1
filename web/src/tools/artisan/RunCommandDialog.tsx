import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { ArtisanCommand, JobService } from '@sitefleet/shared';
import { Form, useDataProvider } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { RunButton } from '../../resources/cron-jobs/RunButton';
import { useStartRun } from '../../resources/cron-jobs/useStartRun';
import { ArgumentInput } from './ArgumentInput';
import { argumentsBody, defaultArguments } from './commandArguments';
import { RUN_FAILED } from './messages';

interface Props {
  service: JobService;
  command: ArtisanCommand;
  onClose: () => void;
}

/** Asks for a command's arguments, runs it and opens its cron run; refused arguments show on their inputs. */
export const RunCommandDialog = ({ service, command, onClose }: Props) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const startRun = useStartRun(service, RUN_FAILED);
  const submit = async (values: FieldValues) => {
    const args = argumentsBody(command.arguments, values.arguments as Record<string, unknown> | undefined);
    const failure = await startRun(() => dataProvider.runCommand(service, command.command, args));
    return failure?.fieldErrors;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="run-command-title">
      <Form onSubmit={submit} defaultValues={{ arguments: defaultArguments(command.arguments) }}>
        <DialogTitle id="run-command-title">Run {command.command}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {command.description}
          </Typography>
          {command.arguments.length === 0 && (
            <Typography variant="body2">This command takes no arguments.</Typography>
          )}
          {command.arguments.map((arg) => (
            <ArgumentInput key={arg.name} arg={arg} />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <RunButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
