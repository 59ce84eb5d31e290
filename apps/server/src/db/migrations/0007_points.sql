-- Products (with digital product codes and lots per shop), redeem codes, and the points ledger.

CREATE TABLE products (
  tenant_id    uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  description  text,
  kind         text NOT NULL CHECK (kind IN ('physical', 'digital')),
  redeem_with  text NOT NULL DEFAULT 'points' CHECK (redeem_with IN ('points', 'code')),
  price_points integer CHECK (price_points > 0),
  -- units still available (all shops); the database's last word against overselling
  stock        integer NOT NULL CHECK (stock >= 0),
  images       jsonb NOT NULL DEFAULT '[]',
  active       boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (redeem_with = 'code' OR price_points IS NOT NULL)
);

-- Digital product codes (gift-card PINs): each handed out once, to one order.
CREATE TABLE product_codes (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  code       text NOT NULL,
  status     text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'claimed')),
  order_id   uuid,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, product_id, code),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
  CHECK ((status = 'claimed') = (order_id IS NOT NULL))
);
CREATE INDEX product_codes_available ON product_codes (tenant_id, product_id) WHERE status = 'available';

-- A lot: units of a product placed in one or more shops (redemption centres).
CREATE TABLE product_lots (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL,
  reference  text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
);
CREATE INDEX product_lots_product ON product_lots (tenant_id, product_id);

CREATE TABLE product_lot_shops (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  lot_id    uuid NOT NULL,
  centre_id uuid NOT NULL,
  amount    integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (tenant_id, lot_id, centre_id),
  FOREIGN KEY (tenant_id, lot_id) REFERENCES product_lots (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id)
);

-- Stock per shop follows the lots: received is the sum of the lots' amounts, claimed the orders'.
CREATE TABLE product_shop_stock (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  centre_id  uuid NOT NULL,
  received   integer NOT NULL CHECK (received >= 0),
  claimed    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, product_id, centre_id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id),
  CHECK (claimed >= 0 AND claimed <= received)
);

-- Redeem codes: held by customers, each used once; a batch sets what its codes are worth.
CREATE TABLE redeem_code_batches (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL,
  name        text,
  points      integer CHECK (points > 0),
  product_id  uuid,
  source      text NOT NULL CHECK (source IN ('generated', 'uploaded')),
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id),
  CHECK ((points IS NULL) <> (product_id IS NULL))
);
CREATE INDEX redeem_code_batches_campaign ON redeem_code_batches (tenant_id, campaign_id);

CREATE TABLE redeem_codes (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code           text NOT NULL,
  batch_id       uuid NOT NULL,
  campaign_id    uuid NOT NULL,
  status         text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'used')),
  participant_id uuid,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code),
  FOREIGN KEY (tenant_id, batch_id) REFERENCES redeem_code_batches (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id),
  CHECK ((status = 'used') = (used_at IS NOT NULL))
);
CREATE INDEX redeem_codes_batch ON redeem_codes (tenant_id, batch_id, status);

-- A person's balance in a campaign. Every ledger write first moves this row with a conditional
-- UPDATE (balance + amount >= 0): the row lock orders concurrent writes of one person, and the
-- CHECK is the database's last word that a balance never goes below zero.
CREATE TABLE points_accounts (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  campaign_id    uuid NOT NULL,
  participant_id uuid NOT NULL,
  balance        integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, campaign_id, participant_id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX points_accounts_participant ON points_accounts (tenant_id, participant_id);

-- The append-only ledger: credits (code, purchase, adjustment up) and debits (redemption,
-- expiry, adjustment down), each with the balance after it.
CREATE TABLE points_ledger (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id              bigint GENERATED ALWAYS AS IDENTITY,
  campaign_id     uuid NOT NULL,
  participant_id  uuid NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('code_credit', 'purchase', 'adjustment', 'redemption', 'expiry')),
  amount          integer NOT NULL CHECK (amount <> 0),
  balance_after   integer NOT NULL CHECK (balance_after >= 0),
  reason          text,
  redeem_code     text,
  order_id        uuid,
  expires_at      timestamptz,
  idempotency_key text,
  created_by      uuid,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id, participant_id)
    REFERENCES points_accounts (tenant_id, campaign_id, participant_id) ON DELETE CASCADE,
  CHECK (CASE kind WHEN 'code_credit' THEN amount > 0 WHEN 'purchase' THEN amount > 0
                   WHEN 'redemption' THEN amount < 0 WHEN 'expiry' THEN amount < 0 ELSE true END),
  CHECK (kind <> 'adjustment' OR reason IS NOT NULL)
);
CREATE INDEX points_ledger_account ON points_ledger (tenant_id, campaign_id, participant_id, id);
CREATE INDEX points_ledger_campaign_time ON points_ledger (tenant_id, campaign_id, created_at);
-- a retried request never writes twice; a redeem code credits once
CREATE UNIQUE INDEX points_ledger_idempotency ON points_ledger (tenant_id, campaign_id, participant_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX points_ledger_one_credit_per_code ON points_ledger (tenant_id, redeem_code)
  WHERE kind = 'code_credit';

-- Append-only: no entry is changed, nor removed except with its tenant.
CREATE FUNCTION points_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'points_ledger is append-only';
END
$$;
CREATE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_codes', 'product_lots', 'product_lot_shops', 'product_shop_stock',
                           'redeem_code_batches', 'redeem_codes', 'points_accounts', 'points_ledger'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;
