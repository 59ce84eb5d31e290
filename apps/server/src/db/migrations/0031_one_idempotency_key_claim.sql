-- One Idempotency-Key claim (issue #13): the three hot paths that take an Idempotency-Key in SQL
-- (redemption at the counter, a product for points, a participation) each wrote the claim out in
-- full (migrations 0016/0028, 0022, 0026). The claim is now one function, and the three are
-- restated (a function is replaced whole) with their claim as a call; nothing else in them changes.

-- Claims an Idempotency-Key for one request (`p_hash`: the request's fingerprint). Answers
-- 'claimed' (the key is this transaction's: the caller stores its answer under it, or deletes it
-- on a refusal), 'replayed' with the status and answer stored by the request that claimed it (the
-- same request again), or 'key_reused' (the key of another request, or gone meanwhile). A concurrent
-- request with the same key waits on the key's row until the claiming transaction ends; the
-- stored answer is then read in a fresh snapshot (each statement of a function takes its own).
CREATE FUNCTION claim_idempotency_key(p_tenant uuid, p_key text, p_hash text)
RETURNS TABLE (outcome text, status integer, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_key record;
BEGIN
  INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN QUERY SELECT 'claimed'::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  SELECT ik.request_hash, ik.response_status, ik.response_body INTO v_key
    FROM idempotency_keys ik WHERE ik.tenant_id = p_tenant AND ik.key = p_key;
  IF NOT FOUND OR v_key.request_hash IS DISTINCT FROM p_hash THEN
    RETURN QUERY SELECT 'key_reused'::text, NULL::integer, NULL::jsonb;
  ELSE
    RETURN QUERY SELECT 'replayed'::text, v_key.response_status, v_key.response_body;
  END IF;
END
$$;

-- redeem_reward_code as in migration 0028, its claim a call.
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
  v_claim record;
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
    SELECT * INTO v_claim FROM claim_idempotency_key(p_tenant, p_key, p_hash);
    IF v_claim.outcome <> 'claimed' THEN
      RETURN QUERY SELECT v_claim.outcome, v_claim.body;
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

-- redeem_product_for_points as in migration 0022, its claim a call.
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

-- participate_in_one_call as in migration 0026, its claim a call; another request's key is now
-- answered 'key_reused' (0026: 'reused'), the name the other two use.
CREATE OR REPLACE FUNCTION participate_in_one_call(
  p_tenant uuid,
  p_campaign uuid,
  p_version text,
  p_cedula text,
  p_name text,
  p_email text,
  p_phone text,
  p_birthdate date,
  p_sex text,
  p_department text,
  p_blacklist_cedula text,
  p_blacklist_phone text,
  p_blacklist_email text,
  p_now timestamptz,
  p_day date,
  p_count_campaign boolean,
  p_group uuid,
  p_checks jsonb,
  p_key text,
  p_hash text,
  p_participation uuid,
  p_answers jsonb,
  p_landing uuid,
  p_device integer,
  p_work text,
  p_max_codes integer,
  p_one_prize boolean
) RETURNS TABLE (outcome text, blacklisted uuid, status integer, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_gate record;
  v_claim record;
  v_check jsonb;
  v_total integer;
  v_today integer;
  v_entries integer;
  v_outcome jsonb;
  v_body jsonb;
  v_code record;
BEGIN
  PERFORM 1 FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.id = p_campaign FOR KEY SHARE;
  IF NOT FOUND OR campaign_version(p_tenant, p_campaign) IS DISTINCT FROM p_version THEN
    RETURN QUERY SELECT 'stale'::text, NULL::uuid, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;

  SELECT * INTO v_gate FROM participation_gate(p_tenant, p_campaign, p_cedula, p_name, p_email, p_phone,
    p_birthdate, p_sex, p_department, p_blacklist_cedula, p_blacklist_phone, p_blacklist_email, p_now, p_day,
    p_count_campaign, p_group);
  IF v_gate.blacklisted IS NOT NULL THEN
    RETURN QUERY SELECT 'blacklisted'::text, v_gate.blacklisted, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT * INTO v_claim FROM claim_idempotency_key(p_tenant, p_key, p_hash);
    IF v_claim.outcome <> 'claimed' THEN
      RETURN QUERY SELECT v_claim.outcome, NULL::uuid,
        CASE WHEN v_claim.outcome = 'replayed' THEN coalesce(v_claim.status, 200) END, v_claim.body;
      RETURN;
    END IF;
  END IF;

  FOR v_check IN SELECT value FROM jsonb_array_elements(p_checks) LOOP
    IF v_check ? 'refuse' THEN
      RAISE EXCEPTION 'participation refused: %', v_check->>'refuse';
    END IF;
    IF v_check->>'scope' = 'group' THEN
      v_total := v_gate.group_total;
      v_today := v_gate.group_today;
    ELSE
      v_total := v_gate.campaign_total;
      v_today := v_gate.campaign_today;
    END IF;
    IF (v_check ? 'total' AND v_total >= (v_check->>'total')::integer)
       OR (v_check ? 'perDay' AND v_today >= (v_check->>'perDay')::integer) THEN
      RAISE EXCEPTION 'participation refused: PARTICIPATION_LIMIT';
    END IF;
  END LOOP;

  IF p_work = 'raffle_entry' THEN
    INSERT INTO raffle_entries (tenant_id, campaign_id, participant_id, participation_id, points, department, created_at)
    SELECT p_tenant, p_campaign, v_gate.participant_id, p_participation, 1, pa.department, p_now
      FROM participants pa WHERE pa.tenant_id = p_tenant AND pa.id = v_gate.participant_id;
    SELECT coalesce(sum(re.points), 0)::integer INTO v_entries FROM raffle_entries re
     WHERE re.tenant_id = p_tenant AND re.campaign_id = p_campaign AND re.participant_id = v_gate.participant_id;
    v_outcome := jsonb_build_object('kind', 'raffle', 'entries', v_entries);
  ELSIF p_work = 'reward_code' THEN
    SELECT * INTO v_code FROM claim_reward_code(p_tenant, p_campaign, v_gate.participant_id, p_participation,
                                                p_max_codes, p_now);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'participation refused: CODES_EXHAUSTED';
    END IF;
    v_outcome := jsonb_build_object('kind', 'reward_code', 'code', v_code.code);
  ELSIF p_work = 'instant_award' THEN
    v_outcome := claim_instant_moment(p_tenant, p_campaign, v_gate.participant_id, p_participation, p_now,
                                      p_one_prize);
  ELSIF p_work = 'none' THEN
    v_outcome := jsonb_build_object('kind', 'registered');
  ELSE
    RAISE EXCEPTION 'participate_in_one_call: unknown work %', p_work;
  END IF;

  INSERT INTO participations (tenant_id, id, campaign_id, participant_id, answers, landing_id, device_class,
                              department, local_day, consent_at, outcome)
  VALUES (p_tenant, p_participation, p_campaign, v_gate.participant_id, p_answers, p_landing, p_device,
          p_department, p_day, p_now, v_outcome);

  v_body := jsonb_build_object('participationId', p_participation, 'outcome', v_outcome);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 201, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;
  RETURN QUERY SELECT 'done'::text, NULL::uuid, 201, v_body;
END
$$;
