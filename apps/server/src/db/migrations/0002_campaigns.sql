-- Campaigns and participation: campaign groups, campaigns with their form, campaign rules,
-- blacklist, participants (the tenant's CRM), participations and idempotency keys.

CREATE TABLE campaign_groups (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX campaign_groups_name ON campaign_groups (tenant_id, lower(name));

CREATE TABLE campaigns (
  tenant_id    uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  name         text NOT NULL CHECK (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title        text NOT NULL,
  description  text,
  kind         text NOT NULL CHECK (kind IN ('reward_code', 'raffle', 'instant_award', 'marketplace', 'points')),
  country_code char(2) NOT NULL REFERENCES countries (code),
  starts_at    timestamptz NOT NULL,
  ends_at      timestamptz NOT NULL,
  redeem_from  timestamptz,
  redeem_until timestamptz,
  terms        text,
  group_id     uuid,
  settings     jsonb NOT NULL DEFAULT '{}',
  form_fields  jsonb,
  active       boolean NOT NULL DEFAULT false,
  activated_at timestamptz,
  archived     boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, group_id) REFERENCES campaign_groups (tenant_id, id) ON DELETE SET NULL (group_id),
  CHECK (ends_at > starts_at),
  CHECK (redeem_until IS NULL OR redeem_from IS NULL OR redeem_until > redeem_from)
);

CREATE TABLE campaign_rules (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id uuid,
  group_id    uuid,
  kind        text NOT NULL,
  params      jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, group_id) REFERENCES campaign_groups (tenant_id, id) ON DELETE CASCADE,
  CHECK ((campaign_id IS NULL) <> (group_id IS NULL))
);
CREATE INDEX campaign_rules_campaign ON campaign_rules (tenant_id, campaign_id);
CREATE INDEX campaign_rules_group ON campaign_rules (tenant_id, group_id);

-- Values are stored normalised (no spaces or hyphens; e-mails in lowercase).
CREATE TABLE blacklist (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind IN ('cedula', 'phone', 'email')),
  value       text NOT NULL,
  reason      text NOT NULL,
  campaign_id uuid,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX blacklist_value ON blacklist (tenant_id, kind, value, coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'));

-- A person of the tenant, unique by identity number. Erasure blanks the personal fields and keeps
-- department, sex and birth year for statistics.
CREATE TABLE participants (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  cedula     text,
  name       text,
  email      text,
  phone      text,
  birthdate  date,
  birth_year integer,
  sex        text CHECK (sex IN ('female', 'male', 'other')),
  department text,
  consent_at timestamptz,
  erased_at  timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX participants_cedula ON participants (tenant_id, cedula);

CREATE TABLE participations (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id    uuid NOT NULL,
  participant_id uuid NOT NULL,
  answers        jsonb NOT NULL DEFAULT '{}',
  landing_id     uuid,
  device_class   smallint NOT NULL CHECK (device_class IN (1, 2, 3)),
  department     text,
  local_day      date NOT NULL,
  consent_at     timestamptz NOT NULL,
  outcome        jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX participations_person ON participations (tenant_id, participant_id, campaign_id, local_day);
CREATE INDEX participations_campaign_day ON participations (tenant_id, campaign_id, local_day);

-- The first answer of a retried write, by the client's Idempotency-Key.
CREATE TABLE idempotency_keys (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key             text NOT NULL,
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, key)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['campaign_groups', 'campaigns', 'campaign_rules', 'blacklist', 'participants',
                           'participations', 'idempotency_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;
