-- centre_may_redeem: created by migration 0016, restated by 0030; the body below is 0030's.
--
-- migration 0016: whether a code (of `p_campaign`, bound to `p_code_centre` or not) may be
-- redeemed at `p_centre`
CREATE OR REPLACE FUNCTION centre_may_redeem(p_tenant uuid, p_campaign uuid, p_code_centre uuid, p_centre uuid)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_code_centre IS NOT NULL THEN
    RETURN p_code_centre = p_centre;
  END IF;
  RETURN EXISTS (
    SELECT 1 FROM campaign_centres cc
    LEFT JOIN centre_group_members m ON m.tenant_id = cc.tenant_id AND m.group_id = cc.group_id
    WHERE cc.tenant_id = p_tenant AND cc.campaign_id = p_campaign
      AND coalesce(cc.centre_id, m.centre_id) = p_centre);
END
$$;
