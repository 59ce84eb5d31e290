-- redeem_product_for_points: created by migration 0022, restated by 0031, 0034; since issue #42
-- the body is this file's alone.
--
-- A product for points in one round trip (decisions 019 and 025): the marketplace of the token's
-- campaign open now (`marketplace_refusal`), the Idempotency-Key (`claim_idempotency_key`), the
-- offer (`product_offer`), the debit (never below zero), the pickup voucher
-- (`issue_pickup_voucher`: the first free one of `p_vouchers`) or a product code
-- (`claim_product_code`), the order and the stored answer, and last the unit
-- (`take_product_unit`). Each rule is a function of its own that the redeem-code path
-- (place-order.ts) calls too, so the two ways of paying cannot drift apart.
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
  v_offer record;
  v_claim record;
  v_balance integer;
  v_voucher text;
  v_product_code text;
  v_delivery jsonb;
  v_body jsonb;
  v_refusal text;
BEGIN
  -- the marketplace of the token's campaign, open now
  SELECT * INTO v_market FROM marketplaces m WHERE m.tenant_id = p_tenant AND m.id = p_marketplace;
  v_refusal := marketplace_refusal(v_market, p_campaign, p_now);
  IF v_refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_refusal, NULL::jsonb;
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

  -- the product as this marketplace offers it, and the shop (after the key: a retry gets the
  -- first answer even when the last unit is gone since)
  SELECT * INTO v_offer FROM product_offer(p_tenant, p_marketplace, p_product, p_centre, 'points', NULL);
  v_refusal := v_offer.refusal;

  -- the debit: never below zero; the entry carries the balance it left
  IF v_refusal IS NULL THEN
    WITH account AS (
      UPDATE points_accounts a SET balance = a.balance - v_offer.price_points, updated_at = p_now
       WHERE a.tenant_id = p_tenant AND a.campaign_id = p_campaign AND a.participant_id = p_participant
         AND a.balance - v_offer.price_points >= 0
      RETURNING a.balance)
    INSERT INTO points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, order_id,
                               idempotency_key, created_at)
    SELECT p_tenant, p_campaign, p_participant, 'redemption', -v_offer.price_points, account.balance, p_order,
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
  IF v_offer.product_kind = 'physical' THEN
    v_voucher := issue_pickup_voucher(p_tenant, p_campaign, p_participant, p_centre, p_now, p_vouchers);
    v_delivery := jsonb_build_object('kind', 'pickup', 'voucherCode', v_voucher, 'shop', v_offer.shop);
  ELSE
    v_product_code := claim_product_code(p_tenant, p_product, p_order, p_now);
    IF v_product_code IS NULL THEN
      RAISE EXCEPTION 'out_of_stock';
    END IF;
    v_delivery := jsonb_build_object('kind', 'product_code', 'productCode', v_product_code);
  END IF;

  -- the order, and the answer a retry of the key gets
  INSERT INTO orders (tenant_id, id, marketplace_id, campaign_id, participant_id, product_id, paid_with, points,
                      redeem_code, centre_id, product_code, voucher_code, created_at)
  VALUES (p_tenant, p_order, p_marketplace, p_campaign, p_participant, p_product, 'points', v_offer.price_points,
          NULL, p_centre, v_product_code, v_voucher, p_now);
  v_body := jsonb_build_object(
    'order', jsonb_build_object(
      'id', p_order,
      'productId', p_product,
      'productName', v_offer.product_name,
      'paidWith', 'points',
      'points', v_offer.price_points,
      'delivery', v_delivery,
      'createdAt', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'balance', v_balance);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 201, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;

  -- last, the unit (take_product_unit), held only until the COMMIT sent with the call
  v_refusal := take_product_unit(p_tenant, p_product, CASE WHEN v_offer.product_kind = 'physical' THEN p_centre END);
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION '%', v_refusal;
  END IF;
  RETURN QUERY SELECT 'done'::text, v_body;
END
$$;
