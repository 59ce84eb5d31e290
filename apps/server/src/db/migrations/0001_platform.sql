-- Platform foundation: the application role, tenancy helpers, reference tables (countries,
-- departments, tenants) and the first tenant-owned tables (users, password resets, sign-in
-- throttle, audit log, outbox). Runs identically on PGlite and PostgreSQL.

-- The role every request runs as (SET LOCAL ROLE). It owns nothing, so FORCE'd row-level
-- security always applies to it; roles are cluster-wide, so another database may have made it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'promo_app') THEN
    CREATE ROLE promo_app NOLOGIN;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT promo_app TO %I', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO promo_app;

-- The tenant of the current transaction, or NULL when none was set: a policy comparing with
-- NULL matches no row, so a forgotten scope returns nothing rather than everybody's rows.
CREATE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;

CREATE TABLE countries (
  code             char(2) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  name             text NOT NULL,
  time_zone        text NOT NULL,
  currency         char(3) NOT NULL,
  phone_prefix     text NOT NULL,
  phone_digits     integer NOT NULL CHECK (phone_digits BETWEEN 4 AND 15),
  identity_label   text NOT NULL,
  identity_pattern text NOT NULL,
  identity_example text,
  department_label text NOT NULL DEFAULT 'Departamento',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE departments (
  country_code char(2) NOT NULL REFERENCES countries (code) ON DELETE CASCADE,
  position     integer NOT NULL,
  name         text NOT NULL,
  PRIMARY KEY (country_code, position),
  UNIQUE (country_code, name)
);

-- The platform itself is a tenant row (is_platform): its users are the platform admins, so one
-- users table, one policy and one audit log serve both scopes.
CREATE TABLE tenants (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug         text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name         text NOT NULL,
  status       text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  is_platform  boolean NOT NULL DEFAULT false,
  country_code char(2) REFERENCES countries (code),
  theme        jsonb NOT NULL DEFAULT '{}',
  config       jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (is_platform OR country_code IS NOT NULL)
);
CREATE UNIQUE INDEX tenants_one_platform ON tenants (is_platform) WHERE is_platform;

INSERT INTO tenants (id, slug, name, is_platform)
VALUES ('00000000-0000-0000-0000-000000000000', 'platform', 'Plataforma', true);

CREATE TABLE users (
  tenant_id     uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  username      text NOT NULL,
  name          text,
  email         text,
  role          text NOT NULL CHECK (role IN ('SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR')),
  centre_id     uuid,
  password_hash text NOT NULL,
  token_version integer NOT NULL DEFAULT 0,
  active        boolean NOT NULL DEFAULT true,
  configuration jsonb NOT NULL DEFAULT '{}',
  last_login_at timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  -- platform admins live in the platform tenant and nowhere else
  CHECK ((role = 'SUPERADMIN') = (tenant_id = '00000000-0000-0000-0000-000000000000'))
);
CREATE UNIQUE INDEX users_username ON users (tenant_id, lower(username));

-- A reset link is its own capability: the row is visible to a transaction that presents the
-- hash of its secret (app.reset_token_hash), whatever tenant it belongs to.
CREATE TABLE password_resets (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  user_id    uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, token_hash),
  UNIQUE (token_hash),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Failed sign-ins per (tenant, user name), whether or not the user exists.
CREATE TABLE login_throttle (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  username_key     text NOT NULL,
  failures         integer NOT NULL DEFAULT 0,
  first_failure_at timestamptz NOT NULL,
  locked_until     timestamptz,
  PRIMARY KEY (tenant_id, username_key)
);

CREATE TABLE audit_log (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          bigint GENERATED ALWAYS AS IDENTITY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    uuid,
  actor_role  text,
  action      text NOT NULL,
  entity_type text NOT NULL,
  entity_id   text,
  ip          text,
  details     jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX audit_log_entity ON audit_log (tenant_id, entity_type, entity_id);

-- Messages to send (e-mail); in development the log shows them and nothing is sent.
CREATE TABLE outbox (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  channel    text NOT NULL DEFAULT 'email',
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  PRIMARY KEY (tenant_id, id)
);

-- Row-level security on every tenant-owned table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'login_throttle', 'audit_log', 'outbox'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;

ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
ALTER TABLE password_resets FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON password_resets
  USING (tenant_id = app_current_tenant()
         OR token_hash = nullif(current_setting('app.reset_token_hash', true), ''))
  WITH CHECK (tenant_id = app_current_tenant());
