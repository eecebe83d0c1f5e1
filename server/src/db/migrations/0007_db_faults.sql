-- The job reconciler (server/src/jobs/reconcile.ts) looks for running runs every pass; finished runs,
-- nearly all of the table, stay out of the index.
CREATE INDEX cron_runs_running_idx ON cron_runs (id) WHERE status = 'running';
