-- redeem_reward_code_refusal: created by migration 0016; since issue #42 the body is this file's
-- alone (the reason is the rule's own function, reward_code_refusal).
--
-- Why a code could not be redeemed at a centre, as the catalogue names it: 'unknown', the reason
-- reward_code_refusal gives ('revoked', 'redeemed' — with when, where and the campaign's country,
-- for the message —, 'not_active', 'outside_window', 'centre_not_allowed'), or 'conflict' when it
-- gives none (the code changed meanwhile).
CREATE OR REPLACE FUNCTION redeem_reward_code_refusal(p_tenant uuid, p_code text, p_centre uuid, p_now timestamptz)
RETURNS TABLE (outcome text, body jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_code reward_codes%ROWTYPE;
  v_campaign campaigns%ROWTYPE;
  v_reason text;
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
  v_reason := reward_code_refusal(v_code, v_campaign, p_centre, p_now);
  IF v_reason IS NULL THEN
    RETURN QUERY SELECT 'conflict'::text, NULL::jsonb;
  ELSIF v_reason = 'redeemed' THEN
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
  ELSE
    RETURN QUERY SELECT v_reason, NULL::jsonb;
  END IF;
END
$$;
