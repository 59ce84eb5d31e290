-- The audit trail is append-only (issue #35). The application's role reads and adds audit rows
-- and nothing else: UPDATE, DELETE and TRUNCATE are revoked from it here, and again after the
-- grant that runs after every migration (migrate.ts). A trigger refuses UPDATE, DELETE and
-- TRUNCATE for every role, the owner included (migrations, SQL functions, an operator's session):
-- SQLSTATE 42501 (insufficient_privilege, what the revoked role gets from the grants) with the
-- message 'audit_log is append-only: <operation> refused'. No route changes or removes audit
-- rows, so neither reaches an HTTP client as anything but an unexpected error (500, logged).
--
-- The trail outlives its tenant: the key to `tenants` (ON DELETE CASCADE) took a tenant's audit
-- rows with it when the tenant was deleted. It is dropped; `tenant_id` stays a plain column, in
-- the primary key (tenant_id, id) and in audit_log_entity, still under the tenant's row-level
-- policy. A deleted tenant's rows stay, readable by the database's owner.
--
-- A person's erasure does not touch audit rows (details hold no identity numbers by rule, but an
-- export's search text is recorded only as whether there was one; the client address `ip` is kept).

ALTER TABLE audit_log DROP CONSTRAINT audit_log_tenant_id_fkey;

REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM promo_app;

-- the trigger that refuses UPDATE, DELETE and TRUNCATE: db/functions/audit_log_append_only.sql
-- (decision 039), applied after the migrations.
