-- Marketplaces, orders, end-customer one-time codes, and pickup vouchers bound to a shop.

CREATE TABLE marketplaces (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  -- letters, digits and hyphens, 3 to 40, starting with a letter, not ending with a hyphen
  template_id text NOT NULL CHECK (template_id ~ '^[A-Za-z][A-Za-z0-9-]{1,38}[A-Za-z0-9]$'),
  campaign_id uuid NOT NULL,
  opens_at    timestamptz,
  closes_at   timestamptz,
  appearance  jsonb NOT NULL DEFAULT '{}',
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  CHECK (closes_at IS NULL OR opens_at IS NULL OR closes_at > opens_at)
);
CREATE INDEX marketplaces_campaign ON marketplaces (tenant_id, campaign_id);

CREATE TABLE marketplace_products (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  marketplace_id uuid NOT NULL,
  product_id     uuid NOT NULL,
  position       integer NOT NULL,
  PRIMARY KEY (tenant_id, marketplace_id, product_id),
  FOREIGN KEY (tenant_id, marketplace_id) REFERENCES marketplaces (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
);
CREATE INDEX marketplace_products_product ON marketplace_products (tenant_id, product_id);

-- A pickup voucher is a reward code of the marketplace's campaign bound to one shop: the
-- operator's counter redeems it like any reward code, only at that shop.
ALTER TABLE reward_codes ADD COLUMN centre_id uuid;
ALTER TABLE reward_codes ADD FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id);

-- One unit of a product given to a person: paid with points (a ledger debit) or a redeem code.
CREATE TABLE orders (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  marketplace_id uuid NOT NULL,
  campaign_id    uuid NOT NULL,
  participant_id uuid NOT NULL,
  product_id     uuid NOT NULL,
  paid_with      text NOT NULL CHECK (paid_with IN ('points', 'code')),
  points         integer NOT NULL CHECK (points >= 0),
  redeem_code    text,
  centre_id      uuid,
  product_code   text,
  voucher_code   text,
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketplace_id) REFERENCES marketplaces (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id),
  FOREIGN KEY (tenant_id, centre_id) REFERENCES redemption_centres (tenant_id, id),
  FOREIGN KEY (tenant_id, voucher_code) REFERENCES reward_codes (tenant_id, code),
  CHECK ((paid_with = 'code') = (redeem_code IS NOT NULL)),
  CHECK ((product_code IS NULL) <> (voucher_code IS NULL))
);
CREATE INDEX orders_time ON orders (tenant_id, created_at, id);
CREATE INDEX orders_person ON orders (tenant_id, participant_id, campaign_id, created_at);
CREATE INDEX orders_product ON orders (tenant_id, product_id);
CREATE UNIQUE INDEX orders_one_per_redeem_code ON orders (tenant_id, redeem_code) WHERE redeem_code IS NOT NULL;
CREATE UNIQUE INDEX orders_one_per_product_code ON orders (tenant_id, product_id, product_code) WHERE product_code IS NOT NULL;

-- One-time codes of the end customer's sign-in (hash only; a few tries; minutes of life).
CREATE TABLE customer_otps (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  campaign_id    uuid NOT NULL,
  participant_id uuid NOT NULL,
  code_hash      char(64) NOT NULL,
  attempts       integer NOT NULL DEFAULT 0,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id),
  FOREIGN KEY (tenant_id, participant_id) REFERENCES participants (tenant_id, id)
);
CREATE INDEX customer_otps_person ON customer_otps (tenant_id, campaign_id, participant_id, created_at);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['marketplaces', 'marketplace_products', 'orders', 'customer_otps'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      t);
  END LOOP;
END
$$;
