import { Type, type Static } from 'typebox';
import { CRON_RUN_STATUSES, JOB_SERVICES, type JobService } from '../jobs.js';
import { Data, defineAction, Nullable, RunStarted } from './define.js';

/** One input of a command, as the console's run dialog renders it (CommandArgument). */
const CommandArgument = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: Type.Union([
    Type.Literal('string'),
    Type.Literal('text'),
    Type.Literal('integer'),
    Type.Literal('boolean'),
    Type.Literal('enum'),
  ]),
  required: Type.Optional(Type.Boolean()),
  values: Type.Optional(Type.Array(Type.String())),
  help: Type.Optional(Type.String()),
  default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  maxLength: Type.Optional(Type.Integer()),
});

/** GET {ms}/api/v1/artisan: one registered command with its schedule and last run. */
export const ArtisanCommandSchema = Type.Object({
  command: Type.String(),
  description: Type.String(),
  arguments: Type.Array(CommandArgument),
  /** Cron expression (UTC) when the command runs on a schedule. */
  schedule: Nullable(Type.String()),
  /** Next scheduled start, epoch seconds. */
  next_run: Nullable(Type.Integer()),
  last_run: Nullable(
    Type.Object({
      id: Type.Integer(),
      start_time: Type.Integer(),
      end_time: Nullable(Type.Integer()),
      remaining_jobs: Type.Integer(),
      failed_count: Type.Integer(),
      status: Type.Enum(CRON_RUN_STATUSES),
    }),
  ),
});

export type ArtisanCommand = Static<typeof ArtisanCommandSchema>;

const artisanOf = <const S extends JobService>(service: S) => ({
  /** GET {ms}/api/v1/artisan (SPEC §7.4): the registered commands. */
  list: defineAction({
    method: 'GET',
    path: `${service}/api/v1/artisan`,
    service,
    summary: 'List the commands of this service with their schedules and last runs',
    access: 'permission',
    response: Data(Type.Array(ArtisanCommandSchema)),
  }),
  /** POST {ms}/api/v1/artisan: runs a command; answers the id of its cron run. */
  run: defineAction({
    method: 'POST',
    path: `${service}/api/v1/artisan`,
    service,
    summary: 'Run a command; answers the id of its cron run',
    access: 'permission',
    kind: 'action',
    body: Type.Object(
      {
        command: Type.String({ minLength: 1, maxLength: 100 }),
        // Checked against the command's own argument list when the run starts.
        arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      },
      { additionalProperties: false },
    ),
    response: RunStarted,
  }),
});

/** The artisan routes of every job service, generated from JOB_SERVICES. */
export const artisan = Object.fromEntries(JOB_SERVICES.map((s) => [s, artisanOf(s)])) as {
  [S in JobService]: ReturnType<typeof artisanOf<S>>;
};
