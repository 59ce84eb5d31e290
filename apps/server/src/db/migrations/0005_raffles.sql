-- Instant awards: prizes with stock, and sealed winning moments claimed by participations.

CREATE TABLE instant_award_prizes (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL,
  name        text NOT NULL,
  value       integer NOT NULL DEFAULT 0 CHECK (value >= 0), -- whole units of the campaign currency
  stock       integer NOT NULL CHECK (stock > 0),
  -- the database's last word: a prize is never awarded more often than its stock
  awarded     integer NOT NULL DEFAULT 0 CHECK (awarded >= 0 AND awarded <= stock),
  centre_id   uuid,
  department  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id)
);
CREATE INDEX instant_award_prizes_campaign ON instant_award_prizes (tenant_id, campaign_id);

-- The seal of a campaign's moment list: SHA-256 of the salt and the list, shown before the
-- campaign starts; the salt and the list are revealed once it has ended.
CREATE TABLE instant_award_seals (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL,
  hash        char(64) NOT NULL,
  salt        char(32) NOT NULL,
  moments     integer NOT NULL,
  sealed_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, campaign_id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id)
);

-- A winning moment: the first participation at or after `at` takes it (one statement, SKIP LOCKED).
CREATE TABLE instant_award_moments (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id      uuid NOT NULL,
  prize_id         uuid NOT NULL,
  at               timestamptz NOT NULL,
  participation_id uuid,
  participant_id   uuid,
  awarded_at       timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, prize_id) REFERENCES instant_award_prizes (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX instant_award_moments_open ON instant_award_moments (tenant_id, campaign_id, at) WHERE participation_id IS NULL;
CREATE UNIQUE INDEX instant_award_moments_participation ON instant_award_moments (tenant_id, participation_id) WHERE participation_id IS NOT NULL;
CREATE INDEX instant_award_moments_participant ON instant_award_moments (tenant_id, campaign_id, participant_id) WHERE participant_id IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['instant_award_prizes', 'instant_award_seals', 'instant_award_moments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;

-- Raffles: entries (append-only: a draw's list is every entry up to its last id, so it can be
-- exported again byte for byte), raffle codes, and draws with their certificates.
CREATE TABLE raffle_entries (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               bigint GENERATED ALWAYS AS IDENTITY,
  campaign_id      uuid NOT NULL,
  participant_id   uuid NOT NULL,
  participation_id uuid,
  code             text,
  points           integer NOT NULL DEFAULT 1 CHECK (points > 0),
  department       text,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX raffle_entries_campaign ON raffle_entries (tenant_id, campaign_id, id);
CREATE INDEX raffle_entries_participant ON raffle_entries (tenant_id, participant_id);

CREATE TABLE raffle_draws (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id      uuid NOT NULL,
  replaces_draw_id uuid,
  reason           text,
  options          jsonb NOT NULL,
  last_entry_id    bigint NOT NULL,
  excluded         jsonb NOT NULL DEFAULT '[]',
  entries_count    integer NOT NULL,
  total_weight     bigint NOT NULL,
  entries_hash     char(64) NOT NULL,
  seed             char(64) NOT NULL,
  seed_commitment  char(64) NOT NULL,
  algorithm        text NOT NULL,
  winners          jsonb NOT NULL,
  alternates       jsonb NOT NULL,
  drawn_by         uuid,
  drawn_at         timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, replaces_draw_id) REFERENCES raffle_draws (tenant_id, id)
);
CREATE INDEX raffle_draws_campaign ON raffle_draws (tenant_id, campaign_id, drawn_at);
-- a draw is redrawn at most once: the next redraw replaces the redraw
CREATE UNIQUE INDEX raffle_draws_one_redraw ON raffle_draws (tenant_id, replaces_draw_id) WHERE replaces_draw_id IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['raffle_entries', 'raffle_draws'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;

-- Raffle codes: each valid once; consumed by the raffle form in the participation's transaction.
CREATE TABLE raffle_codes (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code             text NOT NULL,
  campaign_id      uuid NOT NULL,
  points           integer NOT NULL DEFAULT 1 CHECK (points > 0),
  status           text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'used')),
  participant_id   uuid,
  participation_id uuid,
  used_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX raffle_codes_campaign ON raffle_codes (tenant_id, campaign_id, status);
ALTER TABLE raffle_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE raffle_codes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON raffle_codes USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
