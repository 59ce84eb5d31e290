-- claim_reward_code: created by migration 0026, restated by 0040; the body below is 0040's.
--
-- A reward code's claim reads the codes a person already holds through the person (issue #13,
-- decision 033's rule). The claim asked for `tenant_id = … AND campaign_id = … AND participant_id
-- = … AND status IN ('assigned', 'redeemed')`: reward_codes_campaign_status (tenant, campaign,
-- status) serves that as well as reward_codes_participant (tenant, participant), and without
-- statistics the planner took it on some connections. It then read every code handed out in the
-- campaign to find the person's: 22,388 index entries and 3.3 ms at the end of a 10-second
-- bench/participation run (session 16, bench/README.md), more with every code handed out. Now only
-- the person's codes in the tenant are read (reward_codes_participant serves it), and the
-- campaign and the status are filtered among them.
CREATE OR REPLACE FUNCTION claim_reward_code(p_tenant uuid, p_campaign uuid, p_participant uuid,
                                             p_participation uuid, p_max integer, p_now timestamptz)
RETURNS TABLE (code text, assigned boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_held text[];
  v_code text;
BEGIN
  SELECT array_agg(rc.code ORDER BY rc.assigned_at DESC)
           FILTER (WHERE rc.campaign_id = p_campaign AND rc.status IN ('assigned', 'redeemed'))
    INTO v_held
    FROM reward_codes rc
   WHERE rc.tenant_id = p_tenant AND rc.participant_id = p_participant;
  IF coalesce(array_length(v_held, 1), 0) >= p_max AND v_held[1] IS NOT NULL THEN
    RETURN QUERY SELECT v_held[1], false;
    RETURN;
  END IF;
  UPDATE reward_codes rc SET status = 'assigned', participant_id = p_participant,
         participation_id = p_participation, assigned_at = p_now
   WHERE (rc.tenant_id, rc.code) = (
     SELECT a.tenant_id, a.code FROM reward_codes a
      WHERE a.tenant_id = p_tenant AND a.campaign_id = p_campaign AND a.status = 'available'
      LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING rc.code INTO v_code;
  IF v_code IS NOT NULL THEN
    RETURN QUERY SELECT v_code, true;
  END IF;
END
$$;
