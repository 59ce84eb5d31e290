-- redeem_reward_code: created by migration 0016, restated by 0028, 0031, 0035, 0041; since issue #42 the
-- body is this file's alone (its condition is the rule's own function, reward_code_refusal).
--
-- A redemption at the counter in one call (decision 019): the operator's centre (operator_centre),
-- the Idempotency-Key (claim_idempotency_key), the conditional redemption by the code's primary
-- key when reward_code_refusal finds no reason against it, the audit row, the stored answer, or
-- the refusal's reason (redeem_reward_code_refusal).
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
  SELECT oc.id, oc.code INTO v_centre_id, v_centre_code FROM operator_centre(p_tenant, p_operator) oc;
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
     WHERE rc.tenant_id = p_tenant AND rc.code = p_code
       -- the rule's one home; the campaign as a subquery of the code's row, not a join: a join
       -- let the plan start from the campaign and read its codes through reward_codes_campaign_status
       AND reward_code_refusal(rc, (SELECT ca FROM campaigns ca
                                     WHERE ca.tenant_id = rc.tenant_id AND ca.id = rc.campaign_id),
                               v_centre_id, p_now) IS NULL
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
