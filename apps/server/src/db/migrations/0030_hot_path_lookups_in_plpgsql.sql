-- The three look-ups the hot paths call once per request, rewritten in PL/pgSQL with the same
-- bodies and answers (issue #13). As `LANGUAGE sql` functions with a FROM clause or a subquery
-- PostgreSQL cannot inline them, so every call planned its query again (the row-level security
-- policies included): in a same-run pgbench, `campaign_version` alone cost a participation about
-- 0.2 ms of database CPU, more than the statement it guards. A PL/pgSQL function keeps its
-- query's plan for the connection's life. `app_current_tenant` stays SQL: it has no FROM and is
-- inlined into every policy.

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

-- migration 0028: the product a pickup voucher hands over, or null
CREATE OR REPLACE FUNCTION voucher_product(p_tenant uuid, p_code text)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object('id', p.id, 'name', p.name, 'quantity', count(*)::int)
      FROM orders o
      JOIN products p ON p.tenant_id = o.tenant_id AND p.id = o.product_id
     WHERE o.tenant_id = p_tenant AND o.voucher_code = p_code
     GROUP BY p.id, p.name
     ORDER BY p.name, p.id
     LIMIT 1);
END
$$;
