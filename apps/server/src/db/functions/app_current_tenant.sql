-- app_current_tenant: created by migration 0001; the body below is 0001's.
--
-- The tenant of the current transaction, or NULL when none was set: a policy comparing with
-- NULL matches no row, so a forgotten scope returns nothing rather than everybody's rows.
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
