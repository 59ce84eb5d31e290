-- A product redeemed for points in the marketplace (POST marketplaces/redeem-product, also under
-- users/reward-codes/product) as one SQL function, called in one round trip (decision 019). Before,
-- the request took nine statements, each a round trip, and the last two (the unit taken from the
-- product's and the shop's stock, then COMMIT) held the product's row while the server's event loop
-- got round to sending COMMIT: every buyer of a product queued on that row for two hand-offs.
-- Here the unit is taken by the function's last statement and COMMIT travels in the same message;
-- and a physical product's units at a shop are spread over stock slots, so that buyers of one
-- product no longer queue on one row through each other's commits (decision 025).
--
-- The request's validation stays in TypeScript (the body's schema, the token); the refusals'
-- catalogue messages are made there from the outcome answered here. A redemption paid with a
-- redeem code (one order per code, no queue) keeps its TypeScript path.


-- Stock slots of a physical product at a shop: units already counted out of the product's stock
-- (`products.stock`) and claimed from the shop's (`product_shop_stock.claimed`), parked here until
-- an order takes them one by one. A buyer takes a unit from a slot no one else holds (FOR UPDATE
-- SKIP LOCKED), so buyers of one product commit side by side instead of one after the other; the
-- counters' row is locked only to park up to 16 units in a slot. So:
--   units available = products.stock + parked units (all shops),
--   at a shop       = received - claimed + parked units there,
-- which every reader of stock adds up (parked_units), and nothing can be sold twice: a unit is in
-- the counters or in one slot, moved between them in one transaction holding both rows.
CREATE TABLE product_stock_slots (
  tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  centre_id  uuid NOT NULL,
  slot       integer NOT NULL CHECK (slot >= 0),
  units      integer NOT NULL CHECK (units >= 0),
  PRIMARY KEY (tenant_id, product_id, centre_id, slot),
  FOREIGN KEY (tenant_id, product_id, centre_id) REFERENCES product_shop_stock (tenant_id, product_id, centre_id)
    ON DELETE CASCADE
);
ALTER TABLE product_stock_slots ENABLE ROW LEVEL SECURITY;
ALTER TABLE product_stock_slots FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON product_stock_slots USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());

-- The units of a product parked in its slots: at one shop, or at all when `p_centre` is NULL.
CREATE FUNCTION parked_units(p_tenant uuid, p_product uuid, p_centre uuid DEFAULT NULL)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(s.units), 0)::integer FROM product_stock_slots s
   WHERE s.tenant_id = p_tenant AND s.product_id = p_product AND (p_centre IS NULL OR s.centre_id = p_centre)
$$;

-- Gives a product's parked units back to its counters (stock and the shops' claimed) and empties
-- its slots: before an administrator sets its stock or its active flag, so that the edit applies
-- to every unit and no slot sells past it. Locks the product's row first, as the buyers that park
-- units do, then waits for the buyers holding a slot.
CREATE FUNCTION unpark_units(p_tenant uuid, p_product uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_slot record;
BEGIN
  PERFORM 1 FROM products p WHERE p.tenant_id = p_tenant AND p.id = p_product FOR NO KEY UPDATE;
  FOR v_slot IN
    SELECT s.centre_id, s.slot, s.units FROM product_stock_slots s
     WHERE s.tenant_id = p_tenant AND s.product_id = p_product AND s.units > 0
     ORDER BY s.centre_id, s.slot FOR UPDATE
  LOOP
    UPDATE products SET stock = stock + v_slot.units WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed - v_slot.units
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = v_slot.centre_id;
    UPDATE product_stock_slots SET units = 0
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = v_slot.centre_id AND slot = v_slot.slot;
  END LOOP;
END
$$;

-- One unit of a product for an order, in the order's transaction, as its last statement: answers
-- NULL when taken, else 'out_of_stock' (the product has none left, or is inactive) or
-- 'out_of_stock_shop' (the shop has none left). A digital product (`p_centre` NULL) takes it from
-- its stock (stock > 0, active). A physical product at a shop:
--   1. from a slot of the shop holding units that no other buyer holds (SKIP LOCKED);
--   2. else the counters' rows are locked (the product's, then the shop's: the order every writer
--      of stock takes) and up to 16 units are parked in a slot no one holds (an empty one, or a new
--      one, at most 32 per shop), one of them taken at once;
--   3. else (the counters are empty) it waits for a slot still holding units (its holder may roll
--      back, or leave some) and takes one there; none: out of stock.
CREATE FUNCTION take_product_unit(p_tenant uuid, p_product uuid, p_centre uuid)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_slot integer;
  v_stock integer;
  v_active boolean;
  v_free integer;
  v_units integer;
BEGIN
  IF p_centre IS NULL THEN
    UPDATE products SET stock = stock - 1 WHERE tenant_id = p_tenant AND id = p_product AND stock > 0 AND active;
    RETURN CASE WHEN FOUND THEN NULL ELSE 'out_of_stock' END;
  END IF;

  UPDATE product_stock_slots s SET units = s.units - 1
   WHERE (s.tenant_id, s.product_id, s.centre_id, s.slot) = (
     SELECT f.tenant_id, f.product_id, f.centre_id, f.slot FROM product_stock_slots f
      WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units > 0
      ORDER BY f.slot LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING s.slot INTO v_slot;
  IF v_slot IS NOT NULL THEN
    RETURN NULL;
  END IF;

  SELECT p.stock, p.active INTO v_stock, v_active FROM products p
   WHERE p.tenant_id = p_tenant AND p.id = p_product FOR NO KEY UPDATE;
  SELECT st.received - st.claimed INTO v_free FROM product_shop_stock st
   WHERE st.tenant_id = p_tenant AND st.product_id = p_product AND st.centre_id = p_centre FOR NO KEY UPDATE;
  IF NOT coalesce(v_active, false) THEN
    RETURN 'out_of_stock';
  END IF;
  v_units := least(16, v_stock, coalesce(v_free, 0));
  IF v_units > 0 THEN
    UPDATE products SET stock = stock - v_units WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed + v_units
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre;
    SELECT f.slot INTO v_slot FROM product_stock_slots f
     WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units = 0
     ORDER BY f.slot LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF v_slot IS NOT NULL THEN
      UPDATE product_stock_slots SET units = v_units - 1
       WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre AND slot = v_slot;
      RETURN NULL;
    END IF;
    -- parkers hold the counters' rows, so two never pick the same new slot
    SELECT coalesce(max(f.slot) + 1, 0) INTO v_slot FROM product_stock_slots f
     WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre;
    IF v_slot < 32 THEN
      INSERT INTO product_stock_slots (tenant_id, product_id, centre_id, slot, units)
      VALUES (p_tenant, p_product, p_centre, v_slot, v_units - 1);
      RETURN NULL;
    END IF;
    -- every slot is held: park none, take one unit straight from the counters
    UPDATE products SET stock = stock + v_units - 1 WHERE tenant_id = p_tenant AND id = p_product;
    UPDATE product_shop_stock SET claimed = claimed - v_units + 1
     WHERE tenant_id = p_tenant AND product_id = p_product AND centre_id = p_centre;
    RETURN NULL;
  END IF;

  UPDATE product_stock_slots s SET units = s.units - 1
   WHERE (s.tenant_id, s.product_id, s.centre_id, s.slot) = (
     SELECT f.tenant_id, f.product_id, f.centre_id, f.slot FROM product_stock_slots f
      WHERE f.tenant_id = p_tenant AND f.product_id = p_product AND f.centre_id = p_centre AND f.units > 0
      ORDER BY f.slot LIMIT 1 FOR UPDATE)
  RETURNING s.slot INTO v_slot;
  IF v_slot IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN CASE WHEN v_stock > 0 THEN 'out_of_stock_shop' ELSE 'out_of_stock' END;
END
$$;

-- POST marketplaces/redeem-product, paid with points. Answers (outcome, body):
--   * 'not_found' (no such marketplace, or not of the token's campaign) or 'closed' (inactive or
--     outside its opening window), nothing written;
--   * with an Idempotency-Key (`p_key`, the person's scoped key; `p_ledger_key` is the key as the
--     person sent it, on the ledger entry): the key is claimed (a concurrent retry waits on its row
--     until this transaction ends, then reads the stored answer); a key already answered gives
--     'replayed' and that answer (even if the product ran out since), one of another request
--     'key_reused';
--   * the offer, read without a lock: 'not_available' (not offered here, or inactive),
--     'needs_code' (the product is paid with a code), 'shop_required' (a physical product without
--     a shop), 'out_of_stock' (none left), 'shop_invalid' (the shop is not an active one);
--   * the debit: the person's account row is updated only if the balance stays at or above zero
--     (its row lock orders one person's spends; its CHECK is the last word), and the ledger entry
--     carries the balance it left. Too few points: 'insufficient';
--   * a refusal gives the claimed key back and has written nothing else;
--   * the pickup voucher (a reward code of the campaign, assigned to the person, bound to the shop;
--     the first of the candidates `p_vouchers` not already taken) or, for a digital product, one
--     of its product codes (FOR UPDATE SKIP LOCKED: buyers never wait on each other's code);
--   * the order, then the stored answer;
--   * last, the unit (take_product_unit: a stock slot, or the counters): the rows buyers of one
--     product may wait on are taken last, and held only until the COMMIT sent with the call. No
--     unit left: an exception ('out_of_stock' or 'out_of_stock_shop', SQLSTATE P0001), so that the
--     debit, the voucher, the order and the stored answer are rolled back with it.
-- Crosses (one statement per race): marketplaces and campaigns (the marketplace open), products,
-- marketplace_products and redemption_centres (the offer and the shop), idempotency_keys,
-- points_accounts and points_ledger (the debit), reward_codes or product_codes (the delivery),
-- orders, product_shop_stock and product_stock_slots (the unit).
CREATE FUNCTION redeem_product_for_points(
  p_tenant uuid,
  p_campaign uuid,
  p_participant uuid,
  p_marketplace uuid,
  p_product uuid,
  p_centre uuid,
  p_now timestamptz,
  p_order uuid,
  p_vouchers text[],
  p_key text,
  p_ledger_key text,
  p_hash text
) RETURNS TABLE (outcome text, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_market marketplaces%ROWTYPE;
  v_product products%ROWTYPE;
  v_shop redemption_centres%ROWTYPE;
  v_stored_hash text;
  v_stored_body jsonb;
  v_balance integer;
  v_voucher text;
  v_product_code text;
  v_delivery jsonb;
  v_body jsonb;
  v_refusal text;
BEGIN
  -- the marketplace of the token's campaign, open now
  SELECT * INTO v_market FROM marketplaces m WHERE m.tenant_id = p_tenant AND m.id = p_marketplace;
  IF NOT FOUND OR v_market.campaign_id <> p_campaign THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::jsonb;
    RETURN;
  END IF;
  IF NOT (v_market.active AND (v_market.opens_at IS NULL OR v_market.opens_at <= p_now)
          AND (v_market.closes_at IS NULL OR p_now < v_market.closes_at)) THEN
    RETURN QUERY SELECT 'closed'::text, NULL::jsonb;
    RETURN;
  END IF;

  -- the Idempotency-Key: claimed, or the stored answer of the request that claimed it
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT k.request_hash, k.response_body INTO v_stored_hash, v_stored_body
        FROM idempotency_keys k WHERE k.tenant_id = p_tenant AND k.key = p_key;
      IF v_stored_hash IS DISTINCT FROM p_hash THEN
        RETURN QUERY SELECT 'key_reused'::text, NULL::jsonb;
      ELSE
        RETURN QUERY SELECT 'replayed'::text, v_stored_body;
      END IF;
      RETURN;
    END IF;
  END IF;

  -- the product as this marketplace offers it, and the shop, read without a lock (the units taken
  -- last have the last word); refusals in the order the spec's checks take
  -- (after the key: a retry gets the first answer even when the last unit is gone since)
  SELECT p.* INTO v_product
    FROM products p
    JOIN marketplace_products mp ON mp.tenant_id = p.tenant_id AND mp.product_id = p.id AND mp.marketplace_id = p_marketplace
   WHERE p.tenant_id = p_tenant AND p.id = p_product;
  IF NOT FOUND OR NOT v_product.active THEN
    v_refusal := 'not_available';
  ELSIF v_product.redeem_with = 'code' THEN
    v_refusal := 'needs_code';
  ELSIF v_product.kind = 'physical' AND p_centre IS NULL THEN
    v_refusal := 'shop_required';
  ELSIF v_product.stock + parked_units(p_tenant, p_product) <= 0 THEN
    v_refusal := 'out_of_stock';
  ELSIF v_product.kind = 'physical' THEN
    SELECT * INTO v_shop FROM redemption_centres c WHERE c.tenant_id = p_tenant AND c.id = p_centre AND c.active;
    IF NOT FOUND THEN
      v_refusal := 'shop_invalid';
    END IF;
  END IF;

  -- the debit: never below zero; the entry carries the balance it left
  IF v_refusal IS NULL THEN
    WITH account AS (
      UPDATE points_accounts a SET balance = a.balance - v_product.price_points, updated_at = p_now
       WHERE a.tenant_id = p_tenant AND a.campaign_id = p_campaign AND a.participant_id = p_participant
         AND a.balance - v_product.price_points >= 0
      RETURNING a.balance)
    INSERT INTO points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, order_id,
                               idempotency_key, created_at)
    SELECT p_tenant, p_campaign, p_participant, 'redemption', -v_product.price_points, account.balance, p_order,
           p_ledger_key, p_now
      FROM account
    RETURNING balance_after INTO v_balance;
    IF v_balance IS NULL THEN
      v_refusal := 'insufficient';
    END IF;
  END IF;

  -- a refusal: the claimed key is given back; nothing else was written
  IF v_refusal IS NOT NULL THEN
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_keys WHERE tenant_id = p_tenant AND key = p_key;
    END IF;
    RETURN QUERY SELECT v_refusal, NULL::jsonb;
    RETURN;
  END IF;

  -- the delivery: a pickup voucher at the shop, or one of the product's codes
  IF v_product.kind = 'physical' THEN
    INSERT INTO reward_codes (tenant_id, code, campaign_id, status, participant_id, assigned_at, centre_id)
    SELECT p_tenant, candidate, p_campaign, 'assigned', p_participant, p_now, p_centre
      FROM unnest(p_vouchers) AS candidate
     WHERE NOT EXISTS (SELECT 1 FROM reward_codes rc WHERE rc.tenant_id = p_tenant AND rc.code = candidate)
     LIMIT 1
    ON CONFLICT DO NOTHING
    RETURNING code INTO v_voucher;
    IF v_voucher IS NULL THEN
      RAISE EXCEPTION 'voucher_codes_taken';
    END IF;
    v_delivery := jsonb_build_object('kind', 'pickup', 'voucherCode', v_voucher, 'shop', jsonb_build_object(
      'centreId', v_shop.id, 'code', v_shop.code, 'name', v_shop.name, 'address', v_shop.address,
      'hours', v_shop.hours));
  ELSE
    UPDATE product_codes pc SET status = 'claimed', order_id = p_order, claimed_at = p_now
     WHERE (pc.tenant_id, pc.product_id, pc.code) = (
       SELECT c.tenant_id, c.product_id, c.code FROM product_codes c
        WHERE c.tenant_id = p_tenant AND c.product_id = p_product AND c.status = 'available'
        LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING pc.code INTO v_product_code;
    IF v_product_code IS NULL THEN
      RAISE EXCEPTION 'out_of_stock';
    END IF;
    v_delivery := jsonb_build_object('kind', 'product_code', 'productCode', v_product_code);
  END IF;

  -- the order, and the answer a retry of the key gets
  INSERT INTO orders (tenant_id, id, marketplace_id, campaign_id, participant_id, product_id, paid_with, points,
                      redeem_code, centre_id, product_code, voucher_code, created_at)
  VALUES (p_tenant, p_order, p_marketplace, p_campaign, p_participant, p_product, 'points', v_product.price_points,
          NULL, p_centre, v_product_code, v_voucher, p_now);
  v_body := jsonb_build_object(
    'order', jsonb_build_object(
      'id', p_order,
      'productId', p_product,
      'productName', v_product.name,
      'paidWith', 'points',
      'points', v_product.price_points,
      'delivery', v_delivery,
      'createdAt', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'balance', v_balance);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 201, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;

  -- last, the unit (take_product_unit), held only until the COMMIT sent with the call
  v_refusal := take_product_unit(p_tenant, p_product, CASE WHEN v_product.kind = 'physical' THEN p_centre END);
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION '%', v_refusal;
  END IF;
  RETURN QUERY SELECT 'done'::text, v_body;
END
$$;
