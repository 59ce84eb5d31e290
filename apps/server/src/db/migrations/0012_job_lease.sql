-- A running job is held by a lease: the claim that took it (lease), renewed every second by its
-- worker whatever the handler is doing (heartbeat_at). A job whose lease is stale (its worker
-- died) is taken over by another worker within seconds; the old worker, if it comes back, finds
-- the lease gone and stops without writing. attempts counts the claims: a job that keeps
-- killing its worker is given up (failed) after a few instead of looping for ever.
ALTER TABLE jobs
  ADD COLUMN lease uuid,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);
CREATE INDEX jobs_waiting ON jobs (created_at) WHERE status IN ('queued', 'running');
