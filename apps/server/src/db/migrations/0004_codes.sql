-- Reward codes, redemption centres and redemptions; background jobs (bulk code generation).

CREATE TABLE redemption_centres (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  code       char(6) NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  name       text NOT NULL,
  address    text,
  department text,
  latitude   double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude  double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  phone      text,
  hours      text,
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);

CREATE TABLE centre_groups (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX centre_groups_name ON centre_groups (tenant_id, lower(name));

CREATE TABLE centre_group_members (
  tenant_id uuid NOT NULL,
  group_id  uuid NOT NULL,
  centre_id uuid NOT NULL,
  PRIMARY KEY (tenant_id, group_id, centre_id),
  FOREIGN KEY (tenant_id, group_id) REFERENCES centre_groups (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id) ON DELETE CASCADE
);

-- Operators belong to a centre of their tenant.
ALTER TABLE users ADD FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id) ON DELETE SET NULL (centre_id);

-- Where a campaign's codes can be redeemed: centres, and centre groups.
CREATE TABLE campaign_centres (
  tenant_id   uuid NOT NULL,
  campaign_id uuid NOT NULL,
  centre_id   uuid,
  group_id    uuid,
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, group_id) REFERENCES centre_groups (tenant_id, id) ON DELETE CASCADE,
  CHECK ((centre_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX campaign_centres_centre ON campaign_centres (tenant_id, campaign_id, centre_id) WHERE centre_id IS NOT NULL;
CREATE UNIQUE INDEX campaign_centres_group ON campaign_centres (tenant_id, campaign_id, group_id) WHERE group_id IS NOT NULL;

-- A code is unique in its tenant. available → assigned → redeemed; available/assigned → revoked.
CREATE TABLE reward_codes (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code             text NOT NULL,
  campaign_id      uuid NOT NULL,
  status           text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'assigned', 'redeemed', 'revoked')),
  batch_id         uuid,
  participant_id   uuid,
  participation_id uuid,
  assigned_at      timestamptz,
  redeemed_at      timestamptz,
  revoked_at       timestamptz,
  revoked_reason   text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX reward_codes_available ON reward_codes (tenant_id, campaign_id) WHERE status = 'available';
CREATE INDEX reward_codes_participant ON reward_codes (tenant_id, participant_id) WHERE participant_id IS NOT NULL;
CREATE INDEX reward_codes_campaign_status ON reward_codes (tenant_id, campaign_id, status);

-- One redemption per code, kept for ever; an admin's reversal is recorded, never deleted.
CREATE TABLE redemptions (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  code            text NOT NULL,
  campaign_id     uuid NOT NULL,
  centre_id       uuid NOT NULL,
  operator_id     uuid,
  redeemed_at     timestamptz NOT NULL,
  reversed_at     timestamptz,
  reversed_by     uuid,
  reversal_reason text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, code) REFERENCES reward_codes (tenant_id, code),
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id)
);
-- the database's last word: at most one standing redemption per code
CREATE UNIQUE INDEX redemptions_one_per_code ON redemptions (tenant_id, code) WHERE reversed_at IS NULL;
CREATE INDEX redemptions_centre_time ON redemptions (tenant_id, centre_id, redeemed_at);
CREATE INDEX redemptions_time ON redemptions (tenant_id, redeemed_at);

-- Long work (bulk generation, imports): claimed by a worker with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  kind        text NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  params      jsonb NOT NULL DEFAULT '{}',
  progress    integer NOT NULL DEFAULT 0,
  total       integer NOT NULL DEFAULT 0,
  result      jsonb,
  error       text,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  started_at  timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX jobs_queued ON jobs (created_at) WHERE status IN ('queued', 'running');

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['redemption_centres', 'centre_groups', 'centre_group_members', 'campaign_centres',
                           'reward_codes', 'redemptions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;

-- The job worker claims work of every tenant: a transaction that declares itself the worker
-- (app.job_worker) sees the jobs table whole; it then runs each job scoped to its tenant.
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON jobs
  USING (tenant_id = app_current_tenant() OR current_setting('app.job_worker', true) = 'on')
  WITH CHECK (tenant_id = app_current_tenant() OR current_setting('app.job_worker', true) = 'on');
