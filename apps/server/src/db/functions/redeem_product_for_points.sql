-- redeem_product_for_points: created by migration 0022, restated by 0031, 0034; the body below is 0034's.
--
-- A pickup voucher taken by trying its candidates in turn (issue #13). redeem_product_for_points
-- (migration 0022, restated by 0031) inserted the first candidate for which
-- `NOT EXISTS (SELECT 1 FROM reward_codes WHERE tenant_id = … AND code = candidate)`. Without
-- statistics (a new database, before autovacuum's first look) the plan read every reward code of
-- the tenant into an anti join and compared each with the candidates: up to 6,900 rows per
-- product redemption after an 8-second bench, growing with every voucher issued. The candidates
-- are now inserted one by one with ON CONFLICT DO NOTHING, each insert probing the primary key,
-- until one is taken (the first, unless a generated code clashes), as the statement-by-statement
-- path (`issueVoucher`) does.
--
-- redeem_product_for_points as in migration 0031, with that loop; nothing else changes.
CREATE OR REPLACE FUNCTION redeem_product_for_points(
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
  v_claim record;
  v_balance integer;
  v_voucher text;
  v_candidate text;
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
    SELECT * INTO v_claim FROM claim_idempotency_key(p_tenant, p_key, p_hash);
    IF v_claim.outcome <> 'claimed' THEN
      RETURN QUERY SELECT v_claim.outcome, v_claim.body;
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
    -- the first candidate not taken, each tried by its insert (one, unless a code clashes)
    FOREACH v_candidate IN ARRAY p_vouchers LOOP
      INSERT INTO reward_codes (tenant_id, code, campaign_id, status, participant_id, assigned_at, centre_id)
      VALUES (p_tenant, v_candidate, p_campaign, 'assigned', p_participant, p_now, p_centre)
      ON CONFLICT DO NOTHING
      RETURNING code INTO v_voucher;
      EXIT WHEN v_voucher IS NOT NULL;
    END LOOP;
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
