-- Citus-ready (decision 021): a distributed table's unique constraints must include the
-- distribution column. A reset secret's hash was also unique across tenants; the secrets are 32
-- random bytes (a clash is not a real event), the primary key (tenant_id, token_hash) stays, and
-- the look-up by hash before the tenant is known keeps a plain index.
ALTER TABLE password_resets DROP CONSTRAINT password_resets_token_hash_key;
CREATE INDEX password_resets_token_hash ON password_resets (token_hash);
