import type { CommandDef } from '../../../jobs/types.js';
import { opcacheCollect } from './opcache-command.js';
import { runcloudSync } from './sync-command.js';

export { registerHostingActions } from './actions.js';

/** The hosting panel's commands: the RunCloud sync and the OpCache reads. */
export const hostingCommands: CommandDef[] = [runcloudSync, opcacheCollect];
