-- The latest outputs of a run are read per recorded state ('done', 'failed'); units still queued are never
-- listed by it. Indexing only recorded units spares every unit's insert one index entry (a run of 20,000
-- units writes 20,000 fewer), and keeps the index to the units that have an output.
DROP INDEX cron_run_jobs_output_idx;
CREATE INDEX cron_run_jobs_output_idx ON cron_run_jobs (run_id, state, finished_at DESC, id DESC)
  WHERE state <> 'queued';
