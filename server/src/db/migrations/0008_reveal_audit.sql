-- Reveal and action permissions (docs/adr/0005-reveal-and-action-permissions.md).

-- Each permission row carries what it lets its holder do. Start-up sets it from each route's declaration;
-- the rows of an existing installation are classified here once so the clean-up below can use it.
ALTER TABLE permissions ADD COLUMN kind text NOT NULL DEFAULT 'read'
  CONSTRAINT permissions_kind_check CHECK (kind IN ('read', 'write', 'action', 'reveal'));
UPDATE permissions SET kind = CASE
  WHEN method = 'POST' AND route LIKE '%/:id/reveal' THEN 'reveal'
  WHEN (method = 'GET' AND route LIKE '%/:id/refresh')
    OR (method = 'POST' AND (route LIKE '%/:id/check' OR route LIKE '%/:id/scan'
                             OR route LIKE '%-checker' OR route LIKE '%/artisan')) THEN 'action'
  WHEN method = 'GET' THEN 'read'
  ELSE 'write'
END;

-- Reveal was granted implicitly by the old seed (IT held every non-ums route). No role but ADMIN, which
-- holds everything anyway, keeps a reveal: an admin grants it again deliberately where it is needed.
UPDATE roles SET
  permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT id FROM permissions WHERE kind = 'reveal'),
  updated_at = epoch_now(), version = version + 1
WHERE upper(name) <> 'ADMIN'
  AND permissions && ARRAY(SELECT id FROM permissions WHERE kind = 'reveal');

-- The read-only role held every GET, including a refresh that starts outbound WHOIS, RDAP and DNS work.
UPDATE roles SET
  permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT id FROM permissions WHERE kind <> 'read'),
  updated_at = epoch_now(), version = version + 1
WHERE upper(name) = 'VIEWER'
  AND permissions && ARRAY(SELECT id FROM permissions WHERE kind <> 'read');

-- A confirmed password (step-up) per signed-in session, keyed by a hash of the session's bearer token:
-- another browser of the same user has not confirmed anything.
CREATE TABLE step_ups (
  session_key text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at bigint NOT NULL DEFAULT epoch_now()
);
CREATE INDEX step_ups_at_idx ON step_ups (at);

-- The audit screen reads the append-only log through a view with the engine's record columns.
CREATE VIEW audit_log_entries AS
  SELECT id, at, actor_id, action, target, ip, detail, at AS created_at, at AS updated_at, 1 AS version
  FROM audit_log;
CREATE INDEX audit_log_action_idx ON audit_log (action, at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at);
