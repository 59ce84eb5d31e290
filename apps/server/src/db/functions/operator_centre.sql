-- operator_centre: created by migration 0041; the body below is 0041's.
--
-- The active centre of an operator (`p_operator`, a user of `p_tenant`): no row when the user has
-- none, or it is inactive.
CREATE OR REPLACE FUNCTION operator_centre(p_tenant uuid, p_operator uuid)
RETURNS TABLE (id uuid, code text) LANGUAGE sql STABLE AS $$
  SELECT c.id, c.code::text FROM redemption_centres c
   WHERE c.tenant_id = p_tenant AND c.active
     AND c.id = (SELECT u.centre_id FROM users u WHERE u.tenant_id = p_tenant AND u.id = p_operator)
$$;
