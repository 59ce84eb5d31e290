-- Hot paths in SQL (decision 019): the work of one hot request as one SQL function, called in the
-- request's own scoped transaction with BEGIN and COMMIT in the same message, so that the request
-- costs one round trip to PostgreSQL. Each statement inside is planned once per connection
-- (PL/pgSQL keeps its plans): prepared statements that need no session state of their own, which
-- PgBouncer in transaction mode would not keep. Row-level security applies as to any statement of
-- the application role. The validation of the request stays in TypeScript; the refusals' reasons
-- are looked up there too (the slow path), from the outcome answered here.

-- Whether a campaign's code may be redeemed at a centre: one of the campaign's centres (directly or
-- through a centre group), or, for a code bound to a shop (a marketplace pickup voucher), that shop.
CREATE FUNCTION centre_may_redeem(p_tenant uuid, p_campaign uuid, p_code_centre uuid, p_centre uuid)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_code_centre IS NOT NULL THEN p_code_centre = p_centre ELSE EXISTS (
    SELECT 1 FROM campaign_centres cc
    LEFT JOIN centre_group_members m ON m.tenant_id = cc.tenant_id AND m.group_id = cc.group_id
    WHERE cc.tenant_id = p_tenant AND cc.campaign_id = p_campaign
      AND coalesce(cc.centre_id, m.centre_id) = p_centre) END
$$;

-- Why a code could not be redeemed at a centre, as the catalogue names it: 'unknown', 'revoked',
-- 'redeemed' (with when, where and the campaign's country, for the message), 'not_active',
-- 'outside_window', 'centre_not_allowed', or 'conflict' (it changed meanwhile).
CREATE FUNCTION redeem_reward_code_refusal(p_tenant uuid, p_code text, p_centre uuid, p_now timestamptz)
RETURNS TABLE (outcome text, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_code reward_codes%ROWTYPE;
  v_campaign campaigns%ROWTYPE;
  v_at timestamptz;
  v_centre_code text;
  v_centre_name text;
BEGIN
  SELECT * INTO v_code FROM reward_codes rc WHERE rc.tenant_id = p_tenant AND rc.code = p_code;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown'::text, NULL::jsonb;
    RETURN;
  END IF;
  SELECT * INTO v_campaign FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.id = v_code.campaign_id;
  IF v_code.status = 'revoked' THEN
    RETURN QUERY SELECT 'revoked'::text, NULL::jsonb;
  ELSIF v_code.status = 'redeemed' THEN
    SELECT r.redeemed_at, c.code, c.name INTO v_at, v_centre_code, v_centre_name
      FROM redemptions r
      JOIN redemption_centres c ON c.tenant_id = r.tenant_id AND c.id = r.centre_id
     WHERE r.tenant_id = p_tenant AND r.code = p_code AND r.reversed_at IS NULL;
    v_at := coalesce(v_at, v_code.redeemed_at, p_now);
    RETURN QUERY SELECT 'redeemed'::text, jsonb_build_object(
      'redeemedAt', to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'centreCode', coalesce(v_centre_code, ''),
      'centreName', coalesce(v_centre_name, ''),
      'countryCode', v_campaign.country_code);
  ELSIF v_campaign.archived THEN
    RETURN QUERY SELECT 'not_active'::text, NULL::jsonb;
  ELSIF NOT ((v_campaign.redeem_from IS NULL OR v_campaign.redeem_from <= p_now)
             AND (v_campaign.redeem_until IS NULL OR p_now < v_campaign.redeem_until)) THEN
    RETURN QUERY SELECT 'outside_window'::text, NULL::jsonb;
  ELSIF NOT centre_may_redeem(p_tenant, v_code.campaign_id, v_code.centre_id, p_centre) THEN
    RETURN QUERY SELECT 'centre_not_allowed'::text, NULL::jsonb;
  ELSE
    RETURN QUERY SELECT 'conflict'::text, NULL::jsonb;
  END IF;
END
$$;

-- POST /api/redeem-codes: an operator redeems a reward code at their own centre, once.
--   * the operator's active centre (none: 'no_centre');
--   * with an Idempotency-Key: the key is claimed (a concurrent retry waits on its row until this
--     transaction ends); a key already answered gives 'replayed' and the stored answer, a key of
--     another request 'key_reused';
--   * one conditional UPDATE (available or assigned → redeemed, campaign not archived, inside its
--     redemption window, the centre one of the campaign's or the code's own shop) feeding the
--     INSERT of the redemption; the unique index on standing redemptions backs it. No row: the
--     claimed key is given back and the outcome is why (redeem_reward_code_refusal);
--   * the audit row and the stored answer; the outcome is 'done' with the answer's body.
-- Crosses (one statement per race, as the repository's marked statements): users and
-- redemption_centres (the operator's centre), campaigns and campaign_centres/centre_group_members
-- (window and centre checked in the statement that redeems), audit_log and idempotency_keys.
CREATE FUNCTION redeem_reward_code(
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
    'redeemedAt', to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = 200, response_body = v_body
     WHERE tenant_id = p_tenant AND key = p_key;
  END IF;
  RETURN QUERY SELECT 'done'::text, v_body;
END
$$;
