-- parked_units: created by migration 0022; the body below is 0022's.
--
-- The units of a product parked in its slots: at one shop, or at all when `p_centre` is NULL.
CREATE OR REPLACE FUNCTION parked_units(p_tenant uuid, p_product uuid, p_centre uuid DEFAULT NULL)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(s.units), 0)::integer FROM product_stock_slots s
   WHERE s.tenant_id = p_tenant AND s.product_id = p_product AND (p_centre IS NULL OR s.centre_id = p_centre)
$$;
