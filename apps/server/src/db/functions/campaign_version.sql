-- campaign_version: created by migration 0026, restated by 0030; the body below is 0030's.
--
-- migration 0026: the fingerprint of a campaign and the rules that apply to it
CREATE OR REPLACE FUNCTION campaign_version(p_tenant uuid, p_campaign uuid)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT md5(ca::text || coalesce((
      SELECT string_agg(r::text, ',' ORDER BY r.created_at, r.id) FROM campaign_rules r
       WHERE r.tenant_id = ca.tenant_id
         AND (r.campaign_id = ca.id OR (r.group_id IS NOT NULL AND r.group_id = ca.group_id))), ''))
      FROM campaigns ca WHERE ca.tenant_id = p_tenant AND ca.id = p_campaign);
END
$$;
