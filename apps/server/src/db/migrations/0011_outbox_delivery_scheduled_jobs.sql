-- E-mail delivery from the outbox (SMTP worker with retries) and jobs queued by a schedule.

-- A message is pending while sent_at and failed_at are null; the worker claims the due ones
-- (next_attempt_at <= now) with FOR UPDATE SKIP LOCKED, moving next_attempt_at past the send
-- (a lease), then records the send or the error and the next attempt (backoff).
ALTER TABLE outbox
  ADD COLUMN attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error      text,
  ADD COLUMN failed_at       timestamptz;
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- The outbox worker delivers every tenant's messages: a transaction that declares itself that
-- worker (app.outbox_worker) sees the outbox whole, and nothing else of the tenants.
DROP POLICY tenant_isolation ON outbox;
CREATE POLICY tenant_isolation ON outbox
  USING (tenant_id = app_current_tenant() OR current_setting('app.outbox_worker', true) = 'on')
  WITH CHECK (tenant_id = app_current_tenant() OR current_setting('app.outbox_worker', true) = 'on');

-- A scheduled job names its run (e.g. expire-points:{campaign}:{day}): one run per key, whether
-- it is queued, running or done, however many servers schedule it.
ALTER TABLE jobs ADD COLUMN run_key text;
CREATE UNIQUE INDEX jobs_run_key ON jobs (tenant_id, run_key) WHERE run_key IS NOT NULL;
