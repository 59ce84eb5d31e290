-- Landing pages: a landing's editable draft, its immutable published versions, and landing
-- groups (the ordered pages of a campaign served at /{tenant}/landing/{group name}).

-- The draft is edited in place; `version` counts its saves (optimistic concurrency).
-- `published_version` points at the landing_versions row the public page shows (NULL: never
-- published); a rollback points it at an earlier version.
CREATE TABLE landings (
  tenant_id         uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id       uuid NOT NULL,
  name              text NOT NULL,
  document          jsonb NOT NULL,
  version           integer NOT NULL DEFAULT 1 CHECK (version > 0),
  published_version integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX landings_campaign ON landings (tenant_id, campaign_id);

-- Published snapshots, numbered 1, 2, 3... per landing; never updated.
CREATE TABLE landing_versions (
  tenant_id    uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  landing_id   uuid NOT NULL,
  version      integer NOT NULL CHECK (version > 0),
  document     jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by uuid,
  PRIMARY KEY (tenant_id, landing_id, version),
  FOREIGN KEY (tenant_id, landing_id) REFERENCES landings (tenant_id, id) ON DELETE CASCADE
);

-- The name is the public URL segment. landing_ids keeps the page order; every id is a landing
-- of campaign_id (checked by the service; deleting a landing removes it from its groups).
CREATE TABLE landing_groups (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  campaign_id uuid NOT NULL,
  landing_ids uuid[] NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['landings', 'landing_versions', 'landing_groups'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;
