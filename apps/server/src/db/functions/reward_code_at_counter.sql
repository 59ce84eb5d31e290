-- reward_code_at_counter: created by migration 0037; since issue #42 the body is this file's alone.
--
-- One code as the counter sees it (the contract's RewardCode, the holder's identity number not
-- yet masked: the caller masks it for roles that see it masked). `p_centre`: the operator's
-- centre, which adds `redeemableHere` and `redeemRefusal`, the reason reward_code_refusal gives
-- (the one a redemption there would be refused with, named as redeem_reward_code names it; the
-- caller puts the catalogue's code for it), null when it may be redeemed; null for other roles.
CREATE OR REPLACE FUNCTION reward_code_at_counter(rc reward_codes, p_centre uuid, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  ca campaigns;
  v_code jsonb;
  v_refusal text;
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
    v_refusal := reward_code_refusal(rc, ca, p_centre, p_now);
    v_code := v_code || jsonb_build_object('redeemableHere', v_refusal IS NULL, 'redeemRefusal', v_refusal);
  END IF;
  RETURN v_code;
END
$$;
