-- look_up_reward_codes: created by migration 0037, restated by 0041; the body below is 0041's.
--
-- The counter's look-ups in one read-only call: the code, or a person's codes, each with its
-- campaign, holder, redemptions and their centres, the voucher's product and, for an operator,
-- whether their centre may redeem it (reward_code_at_counter writes one code).
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
    SELECT oc.id INTO v_centre FROM operator_centre(p_tenant, p_operator) oc;
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
