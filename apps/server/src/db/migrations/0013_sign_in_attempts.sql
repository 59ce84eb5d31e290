-- Failed sign-ins per account and client address (docs/decisions/004). A run of failures from one
-- address locks that address out of that account; the account's failures from every address (the
-- sum of its rows in the window) slow each further attempt down, and never refuse it. The account
-- is a back-office user name ('user:<lower name>') or an end customer of a campaign
-- ('customer:<campaign id>:<participant id>'). Replaces the per-account lock of login_throttle.
CREATE TABLE sign_in_attempts (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  account_key      text NOT NULL,
  address          text NOT NULL,
  failures         integer NOT NULL CHECK (failures > 0),
  first_failure_at timestamptz NOT NULL,
  locked_until     timestamptz,
  PRIMARY KEY (tenant_id, account_key, address)
);

ALTER TABLE sign_in_attempts ENABLE ROW LEVEL SECURITY;
ALTER TABLE sign_in_attempts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sign_in_attempts
  USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());

DROP TABLE login_throttle;
