-- A person's contact belongs to the person (issue #35, docs/domain.md "People"). Before, every
-- participation overwrote the stored name, e-mail, phone, birth date and department with what was
-- typed (the upsert kept the new values), so anyone who knew an identity number could point the
-- marketplace's one-time sign-in code at their own inbox and spend the person's points.
--
-- Now a known person's stored details are never replaced by a participation. A blank is filled
-- (name, birth date, sex, department; never a contact: e-mail and phone are set when the person is
-- first registered, by the tenant's staff, or by a proven change), and a value that differs from
-- the stored one is kept beside it as a claim: what was typed under this identity number, how many
-- times, first and last, and in which campaign last. The CRM shows claims as discrepancies; a
-- campaign may instead refuse the participation (settings.contactMismatch = 'refuse').
--
-- A contact is verified when the person proved control of it with a one-time code
-- (email_verified_at, phone_verified_at); a staff change to it makes it unverified again.

ALTER TABLE participants ADD COLUMN email_verified_at timestamptz;
ALTER TABLE participants ADD COLUMN phone_verified_at timestamptz;

CREATE TABLE participant_claims (
  tenant_id      uuid NOT NULL,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  participant_id uuid NOT NULL,
  field          text NOT NULL CHECK (field IN ('name', 'email', 'phone', 'birthdate', 'sex', 'department')),
  value          text NOT NULL,
  campaign_id    uuid,
  times          integer NOT NULL DEFAULT 1 CHECK (times > 0),
  first_at       timestamptz NOT NULL,
  last_at        timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT participant_claims_value UNIQUE (tenant_id, participant_id, field, value),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE participant_claims ENABLE ROW LEVEL SECURITY;
ALTER TABLE participant_claims FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON participant_claims
  USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());

-- the address a one-time code was sent to: the code proves control of that address only
ALTER TABLE customer_otps ADD COLUMN sent_to text;

-- participation_gate keeps the stored details and writes the claims: its body is in
-- db/functions/participation_gate.sql (decision 039), applied after the migrations.
