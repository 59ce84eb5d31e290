-- Seed commitments recorded before a raffle draw (decision 006, next step): the entry list is frozen
-- (up to its last entry id, with the draw options) and hashed; the seed is a server secret whose
-- SHA-256 is shown, or a public future value named now and entered at the draw.
CREATE TABLE raffle_commitments (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id     uuid NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('server_secret', 'public_value')),
  source          text,
  secret          char(64),
  seed_commitment char(64),
  options         jsonb NOT NULL,
  last_entry_id   bigint NOT NULL,
  excluded        jsonb NOT NULL DEFAULT '[]',
  entries_count   integer NOT NULL,
  total_weight    bigint NOT NULL,
  entries_hash    char(64) NOT NULL,
  committed_by    uuid,
  committed_at    timestamptz NOT NULL,
  draw_id         uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, draw_id) REFERENCES raffle_draws (tenant_id, id),
  CHECK ((kind = 'server_secret' AND secret IS NOT NULL AND seed_commitment IS NOT NULL)
      OR (kind = 'public_value' AND source IS NOT NULL))
);
-- one commitment waits at a time per campaign
CREATE UNIQUE INDEX raffle_commitments_pending ON raffle_commitments (tenant_id, campaign_id) WHERE draw_id IS NULL;
CREATE INDEX raffle_commitments_campaign ON raffle_commitments (tenant_id, campaign_id, committed_at);
-- the draw keeps what was committed (copied to its redraws): certificate material
ALTER TABLE raffle_draws ADD COLUMN commitment jsonb;
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['raffle_commitments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;
