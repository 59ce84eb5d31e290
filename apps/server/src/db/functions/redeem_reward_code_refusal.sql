-- redeem_reward_code_refusal: created by migration 0016; the body below is 0016's.
--
-- Why a code could not be redeemed at a centre, as the catalogue names it: 'unknown', 'revoked',
-- 'redeemed' (with when, where and the campaign's country, for the message), 'not_active',
-- 'outside_window', 'centre_not_allowed', or 'conflict' (it changed meanwhile).
CREATE OR REPLACE FUNCTION redeem_reward_code_refusal(p_tenant uuid, p_code text, p_centre uuid, p_now timestamptz)
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
