-- The counter names the product of a marketplace pickup voucher (issue #15, decision 028): the
-- operator who redeems a voucher hands over the item the person ordered, so the redemption's answer
-- (and the counter's look-up) carries the product's name and how many units the voucher covers.

-- The standing orders of a pickup voucher: the orders whose voucher this code is, by product.
CREATE INDEX orders_voucher ON orders (tenant_id, voucher_code) WHERE voucher_code IS NOT NULL;

-- The product a pickup voucher hands over: {"id", "name", "quantity"} (units of the product the
-- orders on this voucher hold), or null for a code that is not a voucher. A voucher holds one
-- product (one order per voucher today); were there more, the first by name is named.
CREATE FUNCTION voucher_product(p_tenant uuid, p_code text)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', p.id, 'name', p.name, 'quantity', count(*)::int)
    FROM orders o
    JOIN products p ON p.tenant_id = o.tenant_id AND p.id = o.product_id
   WHERE o.tenant_id = p_tenant AND o.voucher_code = p_code
   GROUP BY p.id, p.name
   ORDER BY p.name, p.id
   LIMIT 1
$$;

-- redeem_reward_code (migration 0016) as it was, its answer naming the voucher's product:
-- redemption.product is voucher_product(code), null for a code that is not a voucher. Crosses
-- also into orders and products (marketplace, products) for that read.
CREATE OR REPLACE FUNCTION redeem_reward_code(
  p_tenant uuid,
  p_operator uuid,
  p_role text,
  p_code text,
  p_now timestamptz,
  p_ip text,
  p_key text,
  p_hash text
) RETURNS TABLE (outcome text, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_centre_id uuid;
  v_centre_code text;
  v_stored_hash text;
  v_stored_body jsonb;
  v_id uuid;
  v_body jsonb;
BEGIN
  SELECT c.id, c.code INTO v_centre_id, v_centre_code
    FROM users u
    JOIN redemption_centres c ON c.tenant_id = u.tenant_id AND c.id = u.centre_id
   WHERE u.tenant_id = p_tenant AND u.id = p_operator AND c.active;
  IF v_centre_id IS NULL THEN
    RETURN QUERY SELECT 'no_centre'::text, NULL::jsonb;
    RETURN;
  END IF;

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

  WITH target AS (
    UPDATE reward_codes rc SET status = 'redeemed', redeemed_at = p_now
      FROM campaigns ca
     WHERE rc.tenant_id = p_tenant AND rc.code = p_code AND rc.status IN ('available', 'assigned')
       AND ca.tenant_id = rc.tenant_id AND ca.id = rc.campaign_id AND NOT ca.archived
       AND (ca.redeem_from IS NULL OR ca.redeem_from <= p_now)
       AND (ca.redeem_until IS NULL OR p_now < ca.redeem_until)
       AND centre_may_redeem(rc.tenant_id, rc.campaign_id, rc.centre_id, v_centre_id)
    RETURNING rc.code, rc.campaign_id)
  INSERT INTO redemptions (tenant_id, code, campaign_id, centre_id, operator_id, redeemed_at)
  SELECT p_tenant, target.code, target.campaign_id, v_centre_id, p_operator, p_now FROM target
  RETURNING id INTO v_id;

  IF v_id IS NULL THEN
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_keys WHERE tenant_id = p_tenant AND key = p_key;
    END IF;
    RETURN QUERY SELECT * FROM redeem_reward_code_refusal(p_tenant, p_code, v_centre_id, p_now);
    RETURN;
  END IF;

  INSERT INTO audit_log (tenant_id, actor_id, actor_role, action, entity_type, entity_id, ip, details)
  VALUES (p_tenant, p_operator, p_role, 'code.redeem', 'reward-code', p_code, p_ip,
          jsonb_build_object('centreId', v_centre_id));
  v_body := jsonb_build_object('redemption', jsonb_build_object(
    'id', v_id,
    'code', p_code,
    'centreCode', v_centre_code,
    'redeemedAt', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'product', voucher_product(p_tenant, p_code)));
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;
  RETURN QUERY SELECT 'done'::text, v_body;
END
$$;
