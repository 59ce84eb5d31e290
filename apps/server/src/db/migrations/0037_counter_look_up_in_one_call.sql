-- The counter's look-ups in one call (issue #13, decisions 019 and 033). `get-by-code` and
-- `get-by-cedula` read a code (or a person's codes), its campaign, its holder, its redemptions
-- with their centres, the pickup voucher's product and whether the operator's centre may redeem
-- it, in two transactions and seven round trips. One of those reads, a code's redemptions, had
-- no index by code: the partial unique index serves standing redemptions only, and without
-- statistics the plan read the tenant's redemptions through redemptions_centre_time (8,468 rows
-- removed by the filter per look-up in the benchmark, every redemption of the centre at the end
-- of a campaign). Now one read-only call, each statement written so that only its own index can
-- serve it, and an index of reversed redemptions by code.

-- A code's reversed redemptions (the counter shows the history). Its standing redemption has the
-- unique index redemptions_one_per_code; an index of every redemption by code would cost every
-- redemption one more index entry, this one is written only when a redemption is reversed.
CREATE INDEX redemptions_reversed ON redemptions (tenant_id, code) WHERE reversed_at IS NOT NULL;

-- An instant as the API writes it: ISO 8601 in UTC with milliseconds (Date.toISOString), or null.
CREATE OR REPLACE FUNCTION iso_instant(p_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- One code as the counter sees it (the contract's RewardCode, the holder's identity number not
-- yet masked: the caller masks it for roles that see it masked). `p_centre`: the operator's
-- centre, which adds `redeemableHere`; null for other roles.
CREATE OR REPLACE FUNCTION reward_code_at_counter(rc reward_codes, p_centre uuid, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  ca campaigns;
  v_code jsonb;
BEGIN
  SELECT * INTO ca FROM campaigns WHERE tenant_id = rc.tenant_id AND id = rc.campaign_id;
  v_code := jsonb_build_object(
    'code', rc.code,
    'status', rc.status,
    'campaign', jsonb_build_object(
      'id', ca.id, 'name', ca.name, 'title', ca.title,
      'redeemFrom', iso_instant(ca.redeem_from), 'redeemUntil', iso_instant(ca.redeem_until)),
    -- by the primary key: participants_cedula leads with the number, so it cannot serve this
    'person', (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'cedula', p.cedula)
                 FROM participants p WHERE p.tenant_id = rc.tenant_id AND p.id = rc.participant_id),
    'assignedAt', iso_instant(rc.assigned_at),
    'redeemedAt', iso_instant(rc.redeemed_at),
    'revokedAt', iso_instant(rc.revoked_at),
    -- the standing redemption by redemptions_one_per_code, the reversed ones by
    -- redemptions_reversed: each half has only its own index with the code. The centre is a
    -- subquery per redemption, not a join (a join, even LATERAL, is flattened): with a join the
    -- plan started from the centre and read its redemptions through redemptions_centre_time
    'redemptions', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'id', r.id, 'centreId', r.centre_id,
               'operatorId', r.operator_id, 'redeemedAt', iso_instant(r.redeemed_at),
               'reversedAt', iso_instant(r.reversed_at), 'reversalReason', r.reversal_reason)
             || (SELECT jsonb_build_object('centreCode', c.code, 'centreName', c.name)
                   FROM redemption_centres c WHERE c.tenant_id = r.tenant_id AND c.id = r.centre_id)
             ORDER BY r.redeemed_at DESC)
        FROM (SELECT * FROM redemptions
               WHERE tenant_id = rc.tenant_id AND code = rc.code AND reversed_at IS NULL
              UNION ALL
              SELECT * FROM redemptions
               WHERE tenant_id = rc.tenant_id AND code = rc.code AND reversed_at IS NOT NULL) r),
      '[]'::jsonb),
    'product', voucher_product(rc.tenant_id, rc.code));
  IF p_centre IS NOT NULL THEN
    v_code := v_code || jsonb_build_object('redeemableHere',
      rc.status IN ('available', 'assigned')
      AND (ca.redeem_from IS NULL OR ca.redeem_from <= p_now)
      AND (ca.redeem_until IS NULL OR p_now < ca.redeem_until)
      AND NOT ca.archived
      AND centre_may_redeem(rc.tenant_id, rc.campaign_id, rc.centre_id, p_centre));
  END IF;
  RETURN v_code;
END
$$;

-- A code by its text (`p_code`), or a person's codes by identity number (`p_cedula`, newest
-- assignment first): a JSON array, empty when there is none. `p_operator`: an operator at the
-- desk, whose active centre says where each code is redeemable; null for other roles.
CREATE OR REPLACE FUNCTION look_up_reward_codes(
  p_tenant uuid,
  p_operator uuid,
  p_code text,
  p_cedula text,
  p_now timestamptz
) RETURNS TABLE (codes jsonb) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_centre uuid;
BEGIN
  IF p_operator IS NOT NULL THEN
    SELECT c.id INTO v_centre
      FROM users u
      JOIN redemption_centres c ON c.tenant_id = u.tenant_id AND c.id = u.centre_id
     WHERE u.tenant_id = p_tenant AND u.id = p_operator AND c.active;
  END IF;
  IF p_code IS NOT NULL THEN
    RETURN QUERY
      SELECT coalesce(jsonb_agg(reward_code_at_counter(rc, v_centre, p_now)), '[]'::jsonb)
        FROM reward_codes rc WHERE rc.tenant_id = p_tenant AND rc.code = p_code;
  ELSE
    -- the person by participants_cedula, their codes by reward_codes_participant (the one index
    -- on the holder)
    RETURN QUERY
      SELECT coalesce(jsonb_agg(reward_code_at_counter(rc, v_centre, p_now) ORDER BY rc.assigned_at DESC),
                      '[]'::jsonb)
        FROM reward_codes rc
       WHERE rc.tenant_id = p_tenant
         AND rc.participant_id = (SELECT p.id FROM participants p
                                   WHERE p.tenant_id = p_tenant AND p.cedula = p_cedula);
  END IF;
END
$$;
